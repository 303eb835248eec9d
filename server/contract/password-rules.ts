/**
 * The password rules of sign-up and reset (spec sections 5 and 9), for the auth service and the screens alike.
 * No zod here: the browser bundles this module.
 */

/** Spec section 9: the minimum the form asks for; the server may refuse more (weak_password with reasons). */
export const MIN_PASSWORD_LENGTH = 8;
/** Longer passwords are refused rather than hashed: a megabyte of password is an attack, not a secret. */
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

export interface PasswordPairErrors {
  password?: string;
  confirmPassword?: string;
}

/**
 * The sign-up and reset rules (spec section 5), each reported on the field the user has to change:
 * the length on the password, a mismatch on the confirmation. Empty when the pair is acceptable.
 */
export function validatePasswordPair(password: string, confirmPassword: string): PasswordPairErrors {
  const errors: PasswordPairErrors = {};
  if (password !== confirmPassword) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  // Counted in code points so an emoji is one character, as the user sees it.
  if ([...password].length < MIN_PASSWORD_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  return errors;
}

export function hasPasswordPairErrors(errors: PasswordPairErrors): boolean {
  return errors.password !== undefined || errors.confirmPassword !== undefined;
}
