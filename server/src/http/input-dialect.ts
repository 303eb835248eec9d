import type { z } from 'zod';
import type { ErrorDetail } from '#contract/errors.ts';
import { AppError } from '../errors.ts';
import { findUnsafeInput } from './input-safety.ts';

export type InputPart = 'params' | 'query' | 'body';

/** One thing wrong with the input of a request. */
export interface InputProblem extends ErrorDetail {
  /** The field within its part, dotted ('' for the part as a whole). */
  field: string;
  /** Zod's `invalid_type` without the value (zod reports no input unless asked): GoTrue words it "is required". */
  absent: boolean;
}

/** Why a request body was not read; each mount words it in its own dialect. */
export type BodyProblem =
  /** The Content-Type is not JSON (a form post, text/plain used to dodge a preflight). */
  | 'not_json'
  /** The bytes are not JSON. */
  | 'unparsable'
  /** Larger than the route takes; for a compressed body, once inflated. */
  | 'too_large'
  /** Compressed with an encoding the server does not read. */
  | 'unsupported_encoding'
  /** A charset other than UTF-8 (JSON is UTF-8). */
  | 'unsupported_charset'
  /** Marked gzip, deflate or br, but it does not decode as that. */
  | 'undecodable'
  /** Shorter or longer than its Content-Length, or cut off while it was sent. */
  | 'incomplete';

/** How a mount reads input and words its refusals: the product API's way or GoTrue's. */
export interface InputDialect {
  /** What a part the request left out (no body, say) is parsed as. */
  readonly absentPart: undefined | Record<string, never>;
  /** The error for what is wrong with the input; `problems` is never empty. */
  refuse(problems: InputProblem[]): AppError;
  /** The error for a body that was not read: not JSON, too large, not decodable. */
  refuseBody(problem: BodyProblem): AppError;
  /** The error for an address whose percent-encoding does not decode. */
  refuseUrl(problem: ErrorDetail): AppError;
}

/** The product API's answers to a body it could not read. */
const apiBodyRefusals: Record<BodyProblem, () => AppError> = {
  not_json: () =>
    new AppError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).'),
  unparsable: () => new AppError('invalid_json', 'The request body is not valid JSON.'),
  too_large: () => new AppError('payload_too_large', 'The request body is too large for this endpoint.'),
  unsupported_encoding: () =>
    new AppError(
      'unsupported_media_type',
      'The request body encoding is not supported: send it uncompressed, or as gzip, deflate or br.',
    ),
  unsupported_charset: () => new AppError('unsupported_media_type', 'Send the request body as UTF-8 JSON.'),
  undecodable: () =>
    new AppError('invalid_request', 'The request body does not decode as its Content-Encoding says.', [
      { path: 'body', message: 'The body does not decode as its Content-Encoding says' },
    ]),
  incomplete: () => new AppError('invalid_request', 'The request body was cut off or does not match its length.'),
};

/** The product API: every problem listed as `details`, each at its dotted path ("body.email"). */
export const apiInput: InputDialect = {
  absentPart: undefined,
  refuse(problems) {
    const details = problems.map(({ path, message }) => ({ path, message }));
    const first = details[0]!;
    const summary = `${first.path.replace(/^(body|query|params)\./, '')}: ${first.message}`;
    return new AppError('invalid_request', `The request is not valid (${summary}).`, details);
  },
  refuseBody: (problem) => apiBodyRefusals[problem](),
  refuseUrl: (problem) =>
    new AppError('invalid_request', `The address is not valid: ${problem.message.toLowerCase()}.`, [problem]),
};

/**
 * Validates one part of a request; what is wrong is added to `problems`, so one answer can list it all. Text
 * no schema should have to think about (NUL, lone surrogates, hostile depth) is refused before the schema runs.
 */
export function checkPart(
  schema: z.ZodType,
  value: unknown,
  part: InputPart,
  dialect: InputDialect,
  problems: InputProblem[],
): unknown {
  const unsafe = findUnsafeInput(value, part);
  if (unsafe) {
    problems.push({ ...unsafe, field: unsafe.path.slice(part.length + 1), absent: false });
    return undefined;
  }
  const parsed = schema.safeParse(value ?? dialect.absentPart);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    problems.push({
      path: [part, ...issue.path.map(String)].join('.'),
      message: issue.message,
      field,
      absent: issue.code === 'invalid_type' && issue.input === undefined,
    });
  }
  return undefined;
}

/** One part checked on its own, refused in the mount's dialect: for input whose schema depends on another part. */
export function parsePart<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: InputPart,
  dialect: InputDialect,
): z.output<S> {
  const problems: InputProblem[] = [];
  const parsed = checkPart(schema, value, part, dialect, problems);
  if (problems.length > 0) throw dialect.refuse(problems);
  return parsed as z.output<S>;
}
