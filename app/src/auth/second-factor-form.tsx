import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useAuth } from '#kit/auth/auth-context.ts';
import { authErrorMessage } from '#kit/auth/auth-errors.ts';
import { TotpCodeField, useTotpCode } from '#kit/auth/totp-code-field.tsx';
import { AuthFooterNote } from './auth-footer-note.tsx';
import { AuthHeading } from './auth-heading.tsx';

/**
 * The code step after a password for a user with a verified authenticator: the session only
 * becomes aal2 here. Success changes the session, and the page around it moves on.
 */
export function SecondFactorForm() {
  const auth = useAuth();
  const totp = useTotpCode();
  const verify = useMutation({ mutationFn: (value: string) => auth.verifySecondFactor(value) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = totp.take();
    if (value !== null) verify.mutate(value);
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
          <TotpCodeField totp={totp} autoFocus />
          <Button type="submit" fullWidth loading={verify.isPending}>
            Verify
          </Button>
          <AuthFooterNote prompt="Not you?">
            <Anchor component="button" type="button" fz="sm" onClick={() => void auth.signOut()}>
              Use another account
            </Anchor>
          </AuthFooterNote>
        </Stack>
      </form>
    </>
  );
}
