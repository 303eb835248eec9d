import { ApiError } from '#kit/api/api-client.ts';
import { SignInError, type SignInFailure } from '../session/panel-sign-in.ts';

const messages: Record<SignInFailure, string> = {
  not_configured: 'Signing in with Storyblok is not set up on this Polyblok server. Ask your Polyblok administrator.',
  session_lost: 'The sign-in could not be finished in this browser window. Please try again.',
  storyblok_refused: "Storyblok did not let Polyblok in. Approve Polyblok's access in Storyblok, then try again.",
  no_email:
    'Storyblok did not tell Polyblok your e-mail address, so no Polyblok account could be matched. Please contact support.',
  storyblok_unavailable: 'Storyblok could not be reached. Nothing was changed; please try again in a moment.',
  failed: 'Something went wrong on our side. Nothing was changed; please try again in a moment.',
  popup_closed: 'The sign-in window was closed before it finished. Sign in again to continue.',
};

/** What the panel says when signing in did not work. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInError) return messages[error.reason];
  // The server's own words, e.g. a code that expired while the window stayed open.
  if (error instanceof ApiError) return error.message;
  return messages.failed;
}
