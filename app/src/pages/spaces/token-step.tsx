import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { TokenField } from '#kit/components/token-field.tsx';

export interface TokenStepProps {
  token: string;
  onTokenChange: (token: string) => void;
  onVerify: () => void;
  verifying: boolean;
  error: unknown;
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
        <TokenField
          value={token}
          onChange={onTokenChange}
          error={error}
          fallbackMessage="The token could not be checked. Please try again."
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
