import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAuth } from '#kit/auth/auth-context.ts';
import {
  authErrorMessage,
  describeWeakPasswordReason,
  SIGNUP_FALLBACK_MESSAGE,
  weakPasswordReasons,
} from '#kit/auth/auth-errors.ts';
import { hasPasswordPairErrors, validatePasswordPair, type PasswordPairErrors } from '#contract/password-rules.ts';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { AuthFooterNote } from './auth-footer-note.tsx';
import { AuthHeading } from './auth-heading.tsx';
import { EmailField } from './email-field.tsx';
import { VerificationEmailSent } from './signup-result-views.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { OutboxNote } from './outbox-note.tsx';

function SignupError({ error }: { error: unknown }) {
  const reasons = weakPasswordReasons(error);
  return (
    <Alert color="red" variant="light" title={reasons.length > 0 ? 'Password too weak' : 'Error'}>
      <Text fz="sm">{authErrorMessage(error, SIGNUP_FALLBACK_MESSAGE)}</Text>
      {reasons.length > 0 && (
        <List fz="sm" mt="xs" spacing={2}>
          {reasons.map((reason) => (
            <List.Item key={reason}>{describeWeakPasswordReason(reason)}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * /signup: e-mail confirmation first. The service answers alike whether the address has an account (so nobody
 * can find out which addresses do): one that has gets an e-mail saying how to set its password instead.
 */
export function SignupPage() {
  usePageTitle('Create Account');
  const auth = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<PasswordPairErrors>({});
  const signUp = useMutation({
    mutationFn: (input: { email: string; password: string }) => auth.signUp(input.email, input.password),
  });

  if (signUp.isSuccess) return <VerificationEmailSent email={signUp.variables.email} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = validatePasswordPair(password, confirmPassword);
    setFieldErrors(errors);
    if (hasPasswordPairErrors(errors)) return;
    signUp.mutate({ email: email.trim(), password });
  }

  return (
    <>
      <AuthHeading title="Create Account" subtitle="Start translating your Storyblok content with your team." />
      <form onSubmit={submit}>
        <Stack gap="md">
          {signUp.isError && <SignupError error={signUp.error} />}
          <EmailField value={email} onChange={setEmail} required />
          <NewPasswordFields
            label="Password"
            confirmLabel="Confirm Password"
            password={password}
            confirmPassword={confirmPassword}
            onPasswordChange={setPassword}
            onConfirmPasswordChange={setConfirmPassword}
            errors={fieldErrors}
          />
          <Button type="submit" fullWidth loading={signUp.isPending}>
            Create Account
          </Button>
          <AuthFooterNote prompt="Already have an account?">
            <Anchor component={Link} to="/login" fz="sm">
              Log in
            </Anchor>
          </AuthFooterNote>
          <OutboxNote />
        </Stack>
      </form>
    </>
  );
}
