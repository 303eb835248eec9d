import { PasswordInput } from '@mantine/core';
import { ApiError } from '../api/api-client.ts';
import { errorMessage } from './notify.ts';

export interface TokenFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** What the last try answered, or null: a refused token is named as such, any other failure as the server put it. */
  error: unknown;
  /** The message for a failure the server did not put in words. */
  fallbackMessage: string;
}

/** What the field says when Storyblok (or Polyblok) refused the token. */
function tokenProblem(error: unknown, fallbackMessage: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.code === 'invalid_token') return 'Invalid personal access token';
  return errorMessage(error, fallbackMessage);
}

/**
 * A Storyblok personal access token, pasted in: hidden like a password, without autofill, without spell-checking
 * (which some browsers do on a server), and focused when its dialog opens.
 */
export function TokenField({ value, onChange, error, fallbackMessage }: TokenFieldProps) {
  return (
    <PasswordInput
      label="Personal access token"
      placeholder="Paste your token"
      autoComplete="off"
      spellCheck={false}
      data-autofocus
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={tokenProblem(error, fallbackMessage)}
    />
  );
}
