import { authErrorCodes, type AuthErrorCode, type WeakPasswordReason } from '#contract/auth-errors.ts';
import {
  errorCodes,
  type CurrentTranslation,
  type ErrorCode,
  type ErrorDetail,
  type IncompleteKey,
} from '#contract/errors.ts';

/** A code of the product API (errors.ts) or of the GoTrue-compatible auth API (auth-errors.ts). */
export type AppErrorCode = ErrorCode | AuthErrorCode;

/** The status of each code; a call may say another (GoTrue answers `bad_json` with 400 or 415). */
const statusByCode: Record<AppErrorCode, number> = {
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
  translation_changed: 409,
  database_unavailable: 503,
  billing_not_configured: 409,
  already_subscribed: 409,
  billing_unavailable: 503,
  invalid_signature: 400,
  invalid_xliff: 400,
  xliff_language_mismatch: 400,
  translation_incomplete: 409,
  publishing_individually_off: 409,
  invalid_slug: 400,
  hook_url_not_allowed: 400,
  invalid_api_token: 401,
  api_token_not_allowed: 403,

  validation_failed: 400,
  bad_json: 400,
  request_too_large: 413,
  unsupported_grant_type: 400,
  invalid_credentials: 400,
  email_not_confirmed: 400,
  email_exists: 422,
  weak_password: 422,
  same_password: 422,
  refresh_token_not_found: 400,
  refresh_token_already_used: 400,
  session_expired: 400,
  session_not_found: 403,
  no_authorization: 401,
  bad_jwt: 403,
  user_not_found: 403,
  otp_expired: 403,
  over_request_rate_limit: 429,
  over_email_send_rate_limit: 429,
  reauthentication_needed: 400,
  reauthentication_not_valid: 422,
  insufficient_aal: 403,
  mfa_factor_not_found: 404,
  mfa_factor_name_conflict: 422,
  too_many_enrolled_mfa_factors: 422,
  mfa_challenge_expired: 422,
  mfa_ip_address_mismatch: 422,
  mfa_verification_failed: 422,
  unexpected_failure: 500,
};

/** The status a code answers with unless a refusal says another: what the API's document lists for each code. */
export function statusOfCode(code: AppErrorCode): number {
  return statusByCode[code];
}

export interface AppErrorOptions {
  /** Where in the request the problems are (the product API answers them as `details`). */
  details?: ErrorDetail[];
  /** Instead of the code's usual status. */
  status?: number;
  /** Why a password was refused (GoTrue's `weak_password.reasons`). */
  reasons?: WeakPasswordReason[];
  /** The translation as it stands now, for `translation_changed`. */
  current?: CurrentTranslation;
  /** When asking again makes sense: answered as `Retry-After`. */
  retryAfterSeconds?: number;
  /** The keys that keep a language from being published, for `translation_incomplete`. */
  incompleteKeys?: IncompleteKey[];
}

/**
 * An error a person can act on: the code is for clients to branch on, the message is shown as it is. The whole
 * server throws this one type; each mount answers it in its own dialect (the product API's `{ code, message,
 * details? }`, GoTrue's shapes under /auth/v1). Anything thrown that is not an AppError answers 500 without
 * internals.
 */
export class AppError<Code extends AppErrorCode = AppErrorCode> extends Error {
  readonly code: Code;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;
  /** Why a password was refused (GoTrue's `weak_password.reasons`). */
  readonly reasons: WeakPasswordReason[] | undefined;
  /** The translation as it stands now, for `translation_changed`. */
  readonly current: CurrentTranslation | undefined;
  /** When asking again makes sense: answered as `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;
  /** The keys that keep a language from being published, for `translation_incomplete`. */
  readonly incompleteKeys: IncompleteKey[] | undefined;

  /** `details` may be given directly as the third argument, or with the other options. */
  constructor(code: Code, message: string, options?: ErrorDetail[] | AppErrorOptions) {
    super(message);
    const resolved: AppErrorOptions = Array.isArray(options) ? { details: options } : (options ?? {});
    this.name = 'AppError';
    this.code = code;
    this.status = resolved.status ?? statusByCode[code];
    this.details = resolved.details;
    this.reasons = resolved.reasons;
    this.current = resolved.current;
    this.retryAfterSeconds = resolved.retryAfterSeconds;
    this.incompleteKeys = resolved.incompleteKeys;
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

const apiCodes: ReadonlySet<string> = new Set(errorCodes);
const authCodes: ReadonlySet<string> = new Set(authErrorCodes);

/** An AppError the product API can answer: its code is one of the contract's `errorCodes`. */
export function isApiError(error: unknown): error is AppError<ErrorCode> {
  return isAppError(error) && apiCodes.has(error.code);
}

/** An AppError the auth API can answer: its code is one of GoTrue's (`authErrorCodes`). */
export function isAuthApiError(error: unknown): error is AppError<AuthErrorCode> {
  return isAppError(error) && authCodes.has(error.code);
}
