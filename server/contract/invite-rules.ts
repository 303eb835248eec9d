export const INVITE_EMAIL_REQUIRED = 'Enter the e-mail address of the person to invite';
export const INVITE_EMAIL_MAX = 320;
export const INVITE_EMAIL_TOO_LONG = `An e-mail address is at most ${INVITE_EMAIL_MAX} characters`;
export const INVITE_EMAIL_INVALID = 'Enter a valid e-mail address';

/**
 * The invite form's e-mail check (spec section 5: non-blank and of e-mail type), without zod so the browser can
 * import it; members.ts builds the API's schema from the same messages.
 */
export function inviteEmailProblem(raw: string): string | null {
  const email = raw.trim();
  if (email.length === 0) return INVITE_EMAIL_REQUIRED;
  if (email.length > INVITE_EMAIL_MAX) return INVITE_EMAIL_TOO_LONG;
  // The shape an <input type="email"> accepts; the server's check is the final word.
  if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) return INVITE_EMAIL_INVALID;
  return null;
}
