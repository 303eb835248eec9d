/**
 * The invite form's e-mail check (spec section 5: non-blank and of e-mail type), with the contract's own
 * messages, so the form and the server refuse the same input in the same words.
 */
export function inviteEmailProblem(raw: string): string | null {
  const email = raw.trim();
  if (email.length === 0) return 'Enter the e-mail address of the person to invite';
  if (email.length > 320) return 'An e-mail address is at most 320 characters';
  // The shape an <input type="email"> accepts; the server's check is the final word.
  if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) return 'Enter a valid e-mail address';
  return null;
}
