import express, { type Request, type RequestHandler } from 'express';
import type { BodyProblem, InputDialect } from './input-dialect.ts';

/** body-parser's error types, as the problems a client can act on. */
const problemOfType: Record<string, BodyProblem> = {
  'entity.parse.failed': 'unparsable',
  'entity.too.large': 'too_large',
  'encoding.unsupported': 'unsupported_encoding',
  'charset.unsupported': 'unsupported_charset',
  'request.aborted': 'incomplete',
  'request.size.invalid': 'incomplete',
};

/**
 * What was wrong with a body body-parser refused, or null for a failure of the server's own. Its one client
 * error without a type is the decompression stream's (zlib's `Z_DATA_ERROR`, brotli's), which it marks 400.
 */
export function bodyProblemOf(error: unknown): BodyProblem | null {
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (typeof type === 'string' && type in problemOfType) return problemOfType[type]!;
  if (typeof type !== 'string' && status === 400) return 'undecodable';
  return null;
}

/**
 * JSON or nothing: a form post cannot reach a route by way of a "simple" cross-site request. Compressed bodies
 * are read (gzip, deflate, br) and the limit holds for what they inflate to, so a small bomb is refused early.
 * Every refusal is the mount's own error, in its dialect, before the route's handler runs.
 */
export function jsonBody(limit: string, dialect: InputDialect): RequestHandler[] {
  const parseJson = express.json({
    limit,
    strict: true,
    // Signed requests (webhooks) are checked against the exact bytes that were signed.
    verify: (req, _res, raw) => {
      (req as Request & { rawBody?: Buffer }).rawBody = raw;
    },
  });
  const parse: RequestHandler = (req, res, next) => {
    parseJson(req, res, (error?: unknown) => {
      if (error === undefined) return next();
      const problem = bodyProblemOf(error);
      next(problem ? dialect.refuseBody(problem) : error);
    });
  };
  const requireJson: RequestHandler = (req, _res, next) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    next(hasBody && !req.is('application/json') ? dialect.refuseBody('not_json') : undefined);
  };
  return [parse, requireJson];
}
