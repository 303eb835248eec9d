import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAuth } from '#kit/auth/auth-context.ts';
import { authErrorMessage } from '#kit/auth/auth-errors.ts';
import { AuthHeading } from './auth-heading.tsx';

const CODE_PATTERN = /^\d{6}$/;

/**
 * The code step after a password for a user with a verified authenticator: the session only
 * becomes aal2 here. Success changes the session, and the page around it moves on.
 */
export function SecondFactorForm() {
  const auth = useAuth();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const verify = useMutation({ mutationFn: (value: string) => auth.verifySecondFactor(value) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!CODE_PATTERN.test(value)) {
      setCodeError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setCodeError(null);
    verify.mutate(value);
  }

  return (
    <>
      <AuthHeading title="Two-factor authentication" subtitle="Enter the 6-digit code from your authenticator app." />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {verify.isError && (
            <Alert color="red" variant="light" title="Error">
              {authErrorMessage(verify.error)}
            </Alert>
          )}
          <TextInput
            label="Authentication code"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={codeError}
            data-autofocus
            autoFocus
          />
          <Button type="submit" fullWidth loading={verify.isPending}>
            Verify
          </Button>
          <Text ta="center" fz="sm" c="dimmed">
            Not you?{' '}
            <Anchor component="button" type="button" fz="sm" onClick={() => void auth.signOut()}>
              Use another account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
