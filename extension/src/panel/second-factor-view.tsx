import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useAuth } from '#kit/auth/auth-context.ts';
import { authErrorMessage } from '#kit/auth/auth-errors.ts';
import { TotpCodeField, useTotpCode } from '#kit/auth/totp-code-field.tsx';

/** A user with an authenticator app confirms it here too: Storyblok's sign-in is only the first step. */
export function SecondFactorView() {
  const auth = useAuth();
  const totp = useTotpCode();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = totp.take();
    if (code === null) return;
    setPending(true);
    setError(null);
    try {
      await auth.verifySecondFactor(code);
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack component="form" p="md" gap="md" onSubmit={(event) => void submit(event)}>
      <Title order={1} fz="lg">
        Two-factor authentication
      </Title>
      <Text fz="sm" c="dimmed">
        Enter the 6-digit code from your authenticator app.
      </Text>
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
      <TotpCodeField totp={totp} autoFocus />
      <Button type="submit" loading={pending}>
        Verify
      </Button>
      <Button variant="subtle" onClick={() => void auth.signOut()}>
        Sign out
      </Button>
    </Stack>
  );
}
