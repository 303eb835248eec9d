import type { ErrorCode, ErrorDetail } from '#contract/errors.ts';

const statusByCode: Record<ErrorCode, number> = {
  invalid_request: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  unauthorized: 401,
  forbidden: 403,
  mfa_required: 403,
  not_found: 404,
  route_not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  invalid_token: 422,
  token_issue: 409,
  storyblok_unavailable: 503,
  source_changed: 409,
  quota_exceeded: 429,
  ai_unavailable: 503,
  invalid_connect_code: 400,
};

/**
 * An error a person can act on: the code is for clients to branch on, the message is shown as it is.
 * Anything thrown that is not an AppError answers 500 without internals.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = statusByCode[code];
    this.details = details;
  }

  /**
   * Whether trying the same work again later may succeed. A refusal a person must act on (a bad token, a
   * forbidden change) will not; an outage or a rate limit may. Background jobs stop retrying on the first kind.
   */
  get retryable(): boolean {
    return this.status >= 500 || this.status === 429;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
