import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PanelSpace } from '#contract/connect.ts';
import { Logo } from '#kit/components/logo.tsx';
import { signInWithStoryblok, type ExchangeCode } from '../session/panel-sign-in.ts';
import { signInErrorMessage } from './sign-in-errors.ts';

export interface SignInViewProps {
  available: boolean;
  storage: { setItem(key: string, value: string): void | Promise<void> };
  exchange: ExchangeCode;
  onSignedIn(space: PanelSpace): void;
  /** Why the last sign-in did not work (one that ran in this frame and came back failed). */
  initialError?: unknown;
  /** Why signing in again is asked for, when the panel was signed in already. */
  reason?: string;
}

/** Sign-in through Storyblok's app install: one button, and the reason when it did not work. */
export function SignInView({ available, storage, exchange, onSignedIn, initialError, reason }: SignInViewProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(initialError ?? null);

  const start = async () => {
    setPending(true);
    setError(null);
    try {
      const result = await signInWithStoryblok({ window, storage, exchange });
      if (result !== 'navigating') onSignedIn(result);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack component="main" p="md" gap="md">
      <Logo size={28} />
      <Title order={1} fz="lg">
        Translate this story with Polyblok
      </Title>
      <Text fz="sm" c="dimmed">
        {reason ??
          'Sign in with your Storyblok account. Polyblok finds your account by your Storyblok e-mail address, or makes one for you.'}
      </Text>
      {error !== null && (
        <Alert color="red" variant="light" title="Signing in did not work">
          {signInErrorMessage(error)}
        </Alert>
      )}
      <Button onClick={() => void start()} loading={pending} disabled={!available}>
        Sign in with Storyblok
      </Button>
      {!available && (
        <Text fz="sm" c="dimmed">
          Signing in with Storyblok is not set up on this Polyblok server. Ask your Polyblok administrator.
        </Text>
      )}
    </Stack>
  );
}
