import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '#kit/auth/auth-context.ts';
import { authErrorMessage, describeWeakPasswordReason, weakPasswordReasons } from '#kit/auth/auth-errors.ts';
import { hasPasswordPairErrors, validatePasswordPair, type PasswordPairErrors } from '#contract/password-rules.ts';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { AuthHeading } from './auth-heading.tsx';
import { SuccessMark } from './success-mark.tsx';
import { SecondFactorForm } from './second-factor-form.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

/** Spec section 9: how long the success view stays before /login. */
export const RESET_REDIRECT_DELAY_MS = 3_000;

function ResetComplete() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Stack gap="lg">
      <SuccessMark />
      <AuthHeading title="Password Reset Complete" subtitle="Password changed successfully" />
      <Alert color="green" variant="light">
        Password reset successfully! You will be taken to the login page in 3 seconds.
      </Alert>
      <Button component={Link} to="/login" replace fullWidth>
        Back to login
      </Button>
    </Stack>
  );
}

function InvalidLink() {
  return (
    <Stack gap="lg">
      <AuthHeading title="Reset Password" />
      <Alert color="red" variant="light" title="Error">
        Invalid or expired reset link. Please request a new one.
      </Alert>
      <Button component={Link} to="/set-password" fullWidth>
        Request a new link
      </Button>
      <Anchor component={Link} to="/login" fz="sm" ta="center">
        Back to login
      </Anchor>
    </Stack>
  );
}

/**
 * /reset-password, the target of the e-mailed link: auth-js reads the recovery session from the
 * URL fragment. After the change the user is signed out and logs in with the new password (no
 * automatic log-in after a reset).
 */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const auth = useAuth();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<PasswordPairErrors>({});
  const update = useMutation({
    mutationFn: async (newPassword: string) => {
      await auth.updatePassword(newPassword);
      // Only the session goes; a failure to tell the service is harmless (the password change revoked the others).
      await auth.client.signOut({ scope: 'local' });
    },
  });

  if (update.isSuccess) return <ResetComplete />;
  if (auth.status === 'unknown') {
    return (
      <Center mih={240}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  // While the change is pending the sign-out that ends it must not flash the invalid-link view.
  if (auth.status === 'signed_out' && !update.isPending) return <InvalidLink />;
  // The link proves the mailbox, not the second factor: the code comes first (the service refuses otherwise).
  if (auth.needsSecondFactor) return <SecondFactorForm />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = validatePasswordPair(password, confirmPassword);
    setFieldErrors(errors);
    if (hasPasswordPairErrors(errors)) return;
    update.mutate(password);
  }

  const reasons = weakPasswordReasons(update.error);
  return (
    <>
      <AuthHeading title="Reset Password" subtitle="Choose a new password for your account." />
      <form onSubmit={submit}>
        <Stack gap="md">
          {update.isError && (
            <Alert color="red" variant="light" title="Error">
              <Text fz="sm">{authErrorMessage(update.error)}</Text>
              {reasons.map((reason) => (
                <Text fz="sm" key={reason}>
                  • {describeWeakPasswordReason(reason)}
                </Text>
              ))}
            </Alert>
          )}
          <NewPasswordFields
            label="New Password"
            confirmLabel="Confirm New Password"
            password={password}
            confirmPassword={confirmPassword}
            onPasswordChange={setPassword}
            onConfirmPasswordChange={setConfirmPassword}
            errors={fieldErrors}
          />
          <Button type="submit" fullWidth loading={update.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </>
  );
}
