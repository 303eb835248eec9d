import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorCode, ErrorResponse } from '#contract/errors.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { AppError, isApiError } from '../errors.ts';
import type { Logger } from '../logger.ts';

/** Errors raised by body-parser carry a `type`; each becomes an error a client can act on. */
const bodyParserErrors: Record<string, () => AppError<ErrorCode>> = {
  'entity.parse.failed': () => new AppError('invalid_json', 'The request body is not valid JSON.'),
  'entity.too.large': () => new AppError('payload_too_large', 'The request body is too large for this endpoint.'),
  'encoding.unsupported': () => new AppError('unsupported_media_type', 'The request body encoding is not supported.'),
  'charset.unsupported': () => new AppError('unsupported_media_type', 'Send the request body as UTF-8 JSON.'),
  'request.aborted': () => new AppError('invalid_request', 'The request body was cut off before it ended.'),
  'request.size.invalid': () => new AppError('invalid_request', 'The request body does not match its Content-Length.'),
};

/** An error of the product API's own; a GoTrue refusal that strays here is as unexpected as any other throw. */
function toAppError(error: unknown): AppError<ErrorCode> | null {
  if (isApiError(error)) return error;
  const type = (error as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && type in bodyParserErrors) return bodyParserErrors[type]!();
  return null;
}

/** The one place errors become answers: `{ code, message, details? }`, never a stack or an internal message. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    let appError = toAppError(error);
    if (!appError && isDatabaseUnavailable(error)) {
      logger.warn(
        { err: error, reqId: res.locals.requestId, method: req.method, path: req.path },
        'database unavailable',
      );
      appError = databaseUnavailable();
    }
    if (!appError) {
      logger.error({ err: error, reqId: res.locals.requestId, method: req.method, path: req.path }, 'unhandled error');
      appError = new AppError('internal_error', 'Something went wrong on our side. Please try again in a moment.');
    }
    const body: ErrorResponse = { code: appError.code, message: appError.message };
    if (appError.details) body.details = appError.details;
    if (appError.current) body.current = appError.current;
    if (appError.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
    res.status(appError.status).json(body);
  };
}

/** Unknown paths under /api answer JSON, never the web app's HTML. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError('route_not_found', `There is no ${req.method} ${req.baseUrl}${req.path} endpoint.`));
};
