import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { ApiError } from '#kit/api/api-client.ts';
import { errorMessage } from '#kit/components/notify.ts';

export interface TokenStepProps {
  token: string;
  onTokenChange: (token: string) => void;
  onVerify: () => void;
  verifying: boolean;
  error: unknown;
}

/** What the token field says when Storyblok (or Polyblok) refused it. */
function tokenError(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.code === 'invalid_token') return 'Invalid personal access token';
  return errorMessage(error, 'The token could not be checked. Please try again.');
}

/** Step 1 of 'Add a space': the personal access token, checked against Storyblok. */
export function TokenStep({ token, onTokenChange, onVerify, verifying, error }: TokenStepProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (token.trim()) onVerify();
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Polyblok reads your Storyblok spaces with a personal access token. Create one in Storyblok under{' '}
          <Anchor href="https://app.storyblok.com/#/me/account?tab=token" target="_blank" rel="noreferrer" fz="sm">
            My account → Personal access tokens
          </Anchor>
          . It is stored encrypted and used only to sync and write translations.
        </Text>
        <PasswordInput
          label="Personal access token"
          placeholder="Paste your token"
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          value={token}
          onChange={(event) => onTokenChange(event.currentTarget.value)}
          error={tokenError(error)}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!token.trim()} loading={verifying}>
            Verify token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
