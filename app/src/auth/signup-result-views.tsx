import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthHeading } from './auth-heading.tsx';
import { OutboxNote } from './outbox-note.tsx';
import { SuccessMark } from './success-mark.tsx';

export function VerificationEmailSent({ email }: { email: string }) {
  return (
    <Stack gap="lg">
      <SuccessMark />
      <AuthHeading
        title="Verification email sent"
        subtitle={
          <>
            We sent a confirmation link to <strong>{email}</strong>.
          </>
        }
      />
      <Alert color="green" variant="light">
        Account created! Please check your email to confirm your registration.
      </Alert>
      <OutboxNote />
      <Text fz="sm" c="dimmed">
        Open the link in the e-mail to confirm your address, then log in. Nothing there? Check your spam folder.
      </Text>
      <Text fz="sm" c="dimmed">
        If this address already has an account (for example after an invitation), the e-mail says how to set your
        password instead.
      </Text>
      <Button component={Link} to="/login" variant="default" fullWidth>
        Back to login
      </Button>
    </Stack>
  );
}
