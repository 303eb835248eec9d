import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAuth } from '#kit/auth/auth-context.ts';
import { authErrorMessage } from '#kit/auth/auth-errors.ts';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { AuthHeading } from './auth-heading.tsx';
import { EmailField } from './email-field.tsx';
import { OutboxNote } from './outbox-note.tsx';
import { SuccessMark } from './success-mark.tsx';

function EmailSent({ email }: { email: string }) {
  return (
    <Stack gap="lg">
      <SuccessMark />
      <AuthHeading
        title="Email sent successfully"
        subtitle={
          <>
            We sent a password link to <strong>{email}</strong>.
          </>
        }
      />
      <Alert color="green" variant="light">
        Password reset link sent! Please check your email.
      </Alert>
      <OutboxNote />
      <Text fz="sm">
        If you already have an account, the link resets your password. If you were invited to a space, it lets you set
        your password for the first time and activate your account.
      </Text>
      <Text fz="sm" c="dimmed">
        The e-mail can take a minute to arrive. Check your inbox, and your spam folder if it is not there.
      </Text>
      <Button component={Link} to="/login" variant="default" fullWidth>
        Back to login
      </Button>
    </Stack>
  );
}

/** /set-password: one link for a forgotten password and for invited users activating their account. */
export function SetPasswordPage() {
  usePageTitle('Set Password');
  const auth = useAuth();
  const [email, setEmail] = useState('');
  const send = useMutation({ mutationFn: (address: string) => auth.sendPasswordLink(address) });

  if (send.isSuccess) return <EmailSent email={send.variables} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate(email.trim());
  }

  return (
    <>
      <AuthHeading
        title="Set Password"
        subtitle="Enter your e-mail address and we will send you a link to set a new password."
      />
      <form onSubmit={submit}>
        <Stack gap="md">
          {send.isError && (
            <Alert color="red" variant="light" title="Error">
              {authErrorMessage(send.error)}
            </Alert>
          )}
          <EmailField value={email} onChange={setEmail} required />
          <Button type="submit" fullWidth loading={send.isPending}>
            Send password link
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/login" fz="sm">
              Back to login
            </Anchor>
            <Anchor component={Link} to="/signup" fz="sm">
              Create an account
            </Anchor>
          </Group>
        </Stack>
      </form>
    </>
  );
}
