/**
 * Why an install of the Storyblok app ended without a code: the server names it in the panel's URL
 * (`?connect_error=`), the panel explains each one. Without zod, so that the panel can check what it reads.
 */
export const connectErrorCodes = [
  /** The server has no Storyblok app configured (STORYBLOK_OAUTH_CLIENT_ID). */
  'not_configured',
  /** The sign-in was started without the panel's challenge, or its cookie was lost on the way. */
  'session_lost',
  /** Storyblok refused, or the person cancelled on Storyblok's consent screen. */
  'storyblok_refused',
  /** Storyblok named no e-mail address for the user, so no Polyblok account can be matched. */
  'no_email',
  /** Storyblok could not be reached; nothing was changed. */
  'storyblok_unavailable',
  /** Anything else went wrong on Polyblok's side; nothing was kept half done. */
  'failed',
] as const;
export type ConnectErrorCode = (typeof connectErrorCodes)[number];

export function isConnectErrorCode(value: unknown): value is ConnectErrorCode {
  return (connectErrorCodes as readonly unknown[]).includes(value);
}
