/**
 * Spec section 5's language rules, without zod so the browser's forms can import them (zod would cost the
 * bundle ~23 KiB gzip); languages.ts builds the API's schemas from the same limits and messages.
 */
export const LANGUAGE_CODE_MAX = 50;
/** The add form's code input takes at most 10 characters; the edit form allows the full 50. */
export const LANGUAGE_CODE_ADD_INPUT_MAX = 10;
export const LANGUAGE_NAME_MAX = 50;
export const LANGUAGE_CODE_HINT = 'Only letters, numbers, dashes and underscores are allowed';

export const LANGUAGE_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const LANGUAGE_CODE_REQUIRED = 'Language code is required';
export const LANGUAGE_CODE_TOO_LONG = `Language code must be at most ${LANGUAGE_CODE_MAX} characters`;
export const LANGUAGE_NAME_REQUIRED = 'Language name is required';
export const LANGUAGE_NAME_TOO_LONG = `Language name must be at most ${LANGUAGE_NAME_MAX} characters`;

export function languageCodeError(value: string): string | null {
  const code = value.trim();
  if (code.length === 0) return LANGUAGE_CODE_REQUIRED;
  if (code.length > LANGUAGE_CODE_MAX) return LANGUAGE_CODE_TOO_LONG;
  if (!LANGUAGE_CODE_PATTERN.test(code)) return LANGUAGE_CODE_HINT;
  return null;
}

export function languageNameError(value: string): string | null {
  const name = value.trim();
  if (name.length === 0) return LANGUAGE_NAME_REQUIRED;
  if (name.length > LANGUAGE_NAME_MAX) return LANGUAGE_NAME_TOO_LONG;
  return null;
}
