import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../../logger.ts';

/** The GoTrue error codes this service answers with; auth-js and the web app branch on them. */
export type AuthErrorCode =
  | 'validation_failed'
  | 'bad_json'
  | 'not_found'
  | 'request_too_large'
  | 'unsupported_grant_type'
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'user_already_registered'
  | 'email_exists'
  | 'weak_password'
  | 'same_password'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'session_expired'
  | 'session_not_found'
  | 'no_authorization'
  | 'bad_jwt'
  | 'user_not_found'
  | 'otp_expired'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'reauthentication_needed'
  | 'reauthentication_not_valid'
  | 'insufficient_aal'
  | 'mfa_factor_not_found'
  | 'mfa_factor_name_conflict'
  | 'too_many_enrolled_mfa_factors'
  | 'mfa_challenge_expired'
  | 'mfa_ip_address_mismatch'
  | 'mfa_verification_failed'
  | 'unexpected_failure';

export type WeakPasswordReason = 'length' | 'characters' | 'pwned';

export class AuthError extends Error {
  readonly status: number;
  readonly code: AuthErrorCode;
  readonly reasons: WeakPasswordReason[] | undefined;

  constructor(status: number, code: AuthErrorCode, message: string, reasons?: WeakPasswordReason[]) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
    this.reasons = reasons;
  }
}

export const invalidInput = (message: string) => new AuthError(400, 'validation_failed', message);
export const tooManyRequests = () =>
  new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached. Please wait a moment and try again.');
export const tooManyEmails = () =>
  new AuthError(
    429,
    'over_email_send_rate_limit',
    'Email rate limit exceeded. Please wait a while before asking again.',
  );
export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const linkInvalid = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

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

/** body-parser's errors, as GoTrue would word them. */
function fromBodyParser(error: unknown): AuthError | null {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') return new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  if (type === 'entity.too.large') return new AuthError(413, 'request_too_large', 'The request body is too large');
  if (typeof type === 'string' && /^(encoding|charset)\.unsupported$/.test(type)) {
    return new AuthError(415, 'bad_json', 'Send the request body as UTF-8 JSON');
  }
  if (type === 'request.aborted' || type === 'request.size.invalid') {
    return new AuthError(400, 'bad_json', 'The request body was cut off before it ended');
  }
  return null;
}

/** The /auth/v1 error answer: GoTrue's shape, never a stack or an internal message. */
export function authErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    let known = error instanceof AuthError ? error : fromBodyParser(error);
    if (!known) {
      logger.error({ err: error, reqId: res.locals.requestId, method: req.method, path: req.path }, 'auth error');
      known = new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again in a moment.');
    }
    const weak = known.reasons ? { weak_password: { reasons: known.reasons } } : {};
    const body =
      res.locals.authApiModern === true
        ? { code: known.code, message: known.message, ...weak }
        : { code: known.status, error_code: known.code, msg: known.message, ...weak };
    res.status(known.status).json(body);
  };
}
