/**
 * The GoTrue error codes the auth API under /auth/v1 answers with; auth-js and the web app branch on them. They
 * are a list of their own: the product API's codes are `errorCodes` (errors.ts), and the two meet only in the
 * server's one error type. Zod-free.
 */
export const authErrorCodes = [
  'validation_failed',
  'bad_json',
  'not_found',
  'request_too_large',
  'unsupported_grant_type',
  'invalid_credentials',
  'email_not_confirmed',
  'email_exists',
  'weak_password',
  'same_password',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'session_expired',
  'session_not_found',
  'no_authorization',
  'bad_jwt',
  'user_not_found',
  'otp_expired',
  'over_request_rate_limit',
  'over_email_send_rate_limit',
  'reauthentication_needed',
  'reauthentication_not_valid',
  'insufficient_aal',
  'mfa_factor_not_found',
  'mfa_factor_name_conflict',
  'too_many_enrolled_mfa_factors',
  'mfa_challenge_expired',
  'mfa_ip_address_mismatch',
  'mfa_verification_failed',
  'unexpected_failure',
  /** Polyblok's own: the database cannot be reached, nothing was changed (the product API has the same code). */
  'database_unavailable',
] as const;

export type AuthErrorCode = (typeof authErrorCodes)[number];

/** Why a password was refused as weak (GoTrue's `weak_password.reasons`). */
export const weakPasswordReasons = ['length', 'characters', 'pwned'] as const;

export type WeakPasswordReason = (typeof weakPasswordReasons)[number];
