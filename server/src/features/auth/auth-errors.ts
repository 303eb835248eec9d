import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { AuthErrorCode } from '#contract/auth-errors.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { AppError, isAuthApiError } from '../../errors.ts';
import type { InputDialect } from '../../http/input-dialect.ts';
import type { BodyProblem } from '../../http/input-dialect.ts';
import type { Logger } from '../../logger.ts';

export const invalidInput = (message: string) => new AppError('validation_failed', message);
/** A wait as a person reads it: seconds under a minute, whole minutes (rounded up) beyond. */
function waitOf(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** A rate limit; with the wait known, it is named and sent as Retry-After. */
export const tooManyRequests = (retryAfterSeconds?: number) =>
  new AppError(
    'over_request_rate_limit',
    retryAfterSeconds === undefined
      ? 'Request rate limit reached. Please wait a moment and try again.'
      : `Too many failed attempts. Please wait ${waitOf(retryAfterSeconds)} and try again.`,
    { retryAfterSeconds },
  );
export const tooManyEmails = () =>
  new AppError('over_email_send_rate_limit', 'Email rate limit exceeded. Please wait a while before asking again.');
export const invalidCredentials = () => new AppError('invalid_credentials', 'Invalid login credentials');
export const linkInvalid = () => new AppError('otp_expired', 'Token has expired or is invalid');

/** A refusal of the auth service (a GoTrue code), as opposed to a failure of its own. */
export function isAuthRefusal(error: unknown): error is AppError<AuthErrorCode> {
  return isAuthApiError(error) && error.status < 500;
}

/** A body that was not read, as GoTrue words it: `bad_json`, or `request_too_large`. */
const goTrueBodyRefusals: Record<BodyProblem, () => AppError<AuthErrorCode>> = {
  not_json: () =>
    new AppError('bad_json', 'Send the request body as JSON (Content-Type: application/json)', { status: 415 }),
  unparsable: () => new AppError('bad_json', 'Could not parse request body as JSON'),
  too_large: () => new AppError('request_too_large', 'The request body is too large'),
  unsupported_encoding: () =>
    new AppError('bad_json', 'Send the request body uncompressed, or as gzip, deflate or br', { status: 415 }),
  unsupported_charset: () => new AppError('bad_json', 'Send the request body as UTF-8 JSON', { status: 415 }),
  undecodable: () => new AppError('bad_json', 'Could not decode the request body as its Content-Encoding says'),
  incomplete: () => new AppError('bad_json', 'The request body was cut off before it ended'),
};

/**
 * GoTrue's way with input: a missing body reads as `{}`, and only the first problem is answered, as one
 * `validation_failed` ("email is required" for a field that is not there).
 */
export const goTrueInput: InputDialect = {
  absentPart: {},
  refuse(problems) {
    const first = problems[0]!;
    return invalidInput(first.absent && first.field ? `${first.field} is required` : first.message);
  },
  refuseBody: (problem) => goTrueBodyRefusals[problem](),
  refuseUrl: (problem) => invalidInput(problem.message),
};

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/**
 * auth-js sends X-Supabase-Api-Version: 2024-01-01 and then reads `code`; without the header GoTrue answers
 * its older shape (`error_code`, `msg`, numeric `code`). The answer names the version it used, as GoTrue does.
 */
export const negotiateApiVersion: RequestHandler = (req, res, next) => {
  const asked = req.get(API_VERSION_HEADER);
  const modern = asked !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked >= API_VERSION_2024;
  res.locals.authApiModern = modern;
  if (modern) res.setHeader(API_VERSION_HEADER, API_VERSION_2024);
  next();
};

/**
 * The /auth/v1 error answer: GoTrue's shape, never a stack or an internal message. An error with a code of the
 * product API is as unexpected here as any other throw.
 */
export function authErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    let known = isAuthApiError(error) ? error : null;
    if (!known && isDatabaseUnavailable(error)) {
      logger.warn(
        { err: error, reqId: res.locals.requestId, method: req.method, path: req.path },
        'database unavailable',
      );
      known = databaseUnavailable();
    }
    if (!known) {
      logger.error({ err: error, reqId: res.locals.requestId, method: req.method, path: req.path }, 'auth error');
      known = new AppError('unexpected_failure', 'Unexpected failure, please try again in a moment.');
    }
    const weak = known.reasons ? { weak_password: { reasons: known.reasons } } : {};
    const body =
      res.locals.authApiModern === true
        ? { code: known.code, message: known.message, ...weak }
        : { code: known.status, error_code: known.code, msg: known.message, ...weak };
    if (known.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(known.retryAfterSeconds));
    res.status(known.status).json(body);
  };
}
