/**
 * Spec section 5's language rules for the forms. The contract (server/contract/languages.ts) holds the same
 * rules as zod schemas, which the browser does not load (zod would cost the bundle ~23 KiB gzip); a unit
 * test checks that both give the same verdicts and messages.
 */
export const LANGUAGE_CODE_MAX = 50;
/** The add form's code input takes at most 10 characters; the edit form allows the full 50. */
export const LANGUAGE_CODE_ADD_INPUT_MAX = 10;
export const LANGUAGE_NAME_MAX = 50;
export const LANGUAGE_CODE_HINT = 'Only letters, numbers, dashes and underscores are allowed';

const codePattern = /^[A-Za-z0-9_-]+$/;

export function languageCodeError(value: string): string | null {
  const code = value.trim();
  if (code.length === 0) return 'Language code is required';
  if (code.length > LANGUAGE_CODE_MAX) return `Language code must be at most ${LANGUAGE_CODE_MAX} characters`;
  if (!codePattern.test(code)) return LANGUAGE_CODE_HINT;
  return null;
}

export function languageNameError(value: string): string | null {
  const name = value.trim();
  if (name.length === 0) return 'Language name is required';
  if (name.length > LANGUAGE_NAME_MAX) return `Language name must be at most ${LANGUAGE_NAME_MAX} characters`;
  return null;
}
