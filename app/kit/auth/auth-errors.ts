import { isAuthError, isAuthWeakPasswordError } from '@supabase/auth-js';

export const NETWORK_ERROR_MESSAGE = 'Polyblok cannot be reached. Check your connection and try again.';
export const SIGNUP_FALLBACK_MESSAGE = 'An error occurred during signup';

/** Status 0 is auth-js's way of saying the request never got an answer. */
export function isNetworkFailure(error: unknown): boolean {
  return isAuthError(error) && error.status === 0;
}

/** The provider's message for the user, or the fallback when there is none to show. */
export function authErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isNetworkFailure(error)) return NETWORK_ERROR_MESSAGE;
  if (error instanceof Error && error.message.trim() !== '' && error.message !== '{}') return error.message;
  return fallback;
}

/** The reasons of a weak_password answer (GoTrue: length, characters, pwned); empty for any other error. */
export function weakPasswordReasons(error: unknown): string[] {
  if (!isAuthWeakPasswordError(error)) return [];
  return error.reasons.length > 0 ? [...error.reasons] : ['weak'];
}

const reasonTexts: Record<string, string> = {
  length: 'It is too short.',
  characters: 'It needs more kinds of characters (lower case, upper case, digits, symbols).',
  pwned: 'It is a common or leaked password; choose one that is not easy to guess.',
  weak: 'It is too easy to guess.',
};

/** Reasons the service may add later are shown as it wrote them rather than hidden. */
export function describeWeakPasswordReason(reason: string): string {
  return reasonTexts[reason] ?? reason;
}
