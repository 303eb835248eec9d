import { Alert, Anchor, Button, Center, Group, Loader, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { useAuth } from '#kit/auth/auth-context.ts';
import { authErrorMessage } from '#kit/auth/auth-errors.ts';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { AuthFooterNote } from './auth-footer-note.tsx';
import { AuthHeading } from './auth-heading.tsx';
import { EmailField } from './email-field.tsx';
import { SecondFactorForm } from './second-factor-form.tsx';

/**
 * /login. The product shows log-in errors (the spec only logs them) and keeps what was typed.
 * A signed-in visitor moves on to / — including one arriving from a confirmation link, whose
 * session auth-js reads from the URL fragment.
 */
export function LoginPage() {
  usePageTitle('Log in');
  const auth = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({ mutationFn: () => auth.signIn(email.trim(), password) });

  if (auth.status === 'unknown') {
    return (
      <Center mih={240}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (auth.status === 'signed_in') {
    return auth.needsSecondFactor ? <SecondFactorForm /> : <Navigate to="/" replace />;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate();
  }

  return (
    <>
      <AuthHeading title="Welcome back" subtitle="Sign in to your account below." />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {auth.linkError && !signIn.isError && (
            <Alert color="red" variant="light" title="This link cannot be used">
              {auth.linkError}
            </Alert>
          )}
          {signIn.isError && (
            <Alert color="red" variant="light" title="Could not log in">
              {authErrorMessage(signIn.error)}
            </Alert>
          )}
          <EmailField value={email} onChange={setEmail} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/set-password" fz="sm">
              Forgot or set password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={signIn.isPending}>
            Log in
          </Button>
          <AuthFooterNote prompt="New to Polyblok?">
            <Anchor component={Link} to="/signup" fz="sm">
              Create an account
            </Anchor>
          </AuthFooterNote>
        </Stack>
      </form>
    </>
  );
}
