import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useAuth } from '#kit/auth/auth-context.ts';
import { authErrorMessage } from '#kit/auth/auth-errors.ts';

/** A user with an authenticator app confirms it here too: Storyblok's sign-in is only the first step. */
export function SecondFactorView() {
  const auth = useAuth();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await auth.verifySecondFactor(code.trim());
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
      <TextInput
        label="Code"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
      />
      <Button type="submit" loading={pending} disabled={!/^\d{6}$/.test(code.trim())}>
        Verify
      </Button>
      <Button variant="subtle" onClick={() => void auth.signOut()}>
        Sign out
      </Button>
    </Stack>
  );
}
