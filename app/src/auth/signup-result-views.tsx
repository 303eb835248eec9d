import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthHeading } from './auth-heading.tsx';
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
      <Text fz="sm" c="dimmed">
        Open the link in the e-mail to confirm your address, then log in. Nothing there? Check your spam folder.
      </Text>
      <Button component={Link} to="/login" variant="default" fullWidth>
        Back to login
      </Button>
    </Stack>
  );
}

/** Spec: invited users already have an account; sign-up cannot help them, the set-password link can. */
export function AlreadyRegistered({ email }: { email: string }) {
  return (
    <Stack gap="lg">
      <Alert color="yellow" variant="light" title="Looks like you've been invited!">
        <Stack gap="xs">
          <Text fz="sm">This email address is already registered with Polyblok.</Text>
          <Text fz="sm">
            If a teammate invited you, your account is waiting: use the Set Password process to choose your password and
            activate it. If you signed up before, set a new password the same way.
          </Text>
        </Stack>
      </Alert>
      <Stack gap="sm">
        <Button component={Link} to="/set-password" state={{ email }} fullWidth color="yellow">
          Go to Set Password
        </Button>
        <Button component={Link} to="/login" variant="default" fullWidth>
          Back to login
        </Button>
      </Stack>
    </Stack>
  );
}
