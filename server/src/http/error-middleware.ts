import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorCode, ErrorResponse } from '#contract/errors.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { AppError, isApiError } from '../errors.ts';
import type { Logger } from '../logger.ts';

/** An error of the product API's own; a GoTrue refusal that strays here is as unexpected as any other throw. */
function toAppError(error: unknown): AppError<ErrorCode> | null {
  // Bodies are read by the route binder, which refuses a bad one as an AppError (json-body.ts).
  if (isApiError(error)) return error;
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
    if (appError.incompleteKeys) body.incomplete_keys = appError.incompleteKeys;
    if (appError.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
    res.status(appError.status).json(body);
  };
}

/** Unknown paths under /api answer JSON, never the web app's HTML. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError('route_not_found', `There is no ${req.method} ${req.baseUrl}${req.path} endpoint.`));
};
