import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TotpEnrolment } from '#kit/auth/auth-actions.ts';
import { useAuth } from '#kit/auth/auth-context.ts';
import { authErrorMessage } from '#kit/auth/auth-errors.ts';
import { TotpEnrolmentForm } from './totp-enrolment-form.tsx';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** TOTP in the profile: enrol (QR code or secret, then a first code), or remove the factor (needs aal2). */
export function TwoFactorSection() {
  const auth = useAuth();
  const factor = auth.session?.user.factors?.find((item) => item.factor_type === 'totp' && item.status === 'verified');
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const confirmed = useRef(false);
  const start = useMutation({ mutationFn: () => auth.startTotpEnrolment(), onSuccess: setEnrolment });
  const remove = useMutation({
    mutationFn: (factorId: string) => auth.removeFactor(factorId),
    onSuccess: () => notifications.show({ color: 'green', message: 'Two-factor authentication is off' }),
  });
  const { cancelTotpEnrolment } = auth;

  useEffect(() => {
    if (!enrolment) return;
    confirmed.current = false;
    // Cancel, closing the dialog and logging out all abandon the enrolment: its factor must not linger.
    return () => {
      if (!confirmed.current) void cancelTotpEnrolment(enrolment.factorId);
    };
  }, [enrolment, cancelTotpEnrolment]);

  function onConfirmed() {
    confirmed.current = true;
    setEnrolment(null);
    notifications.show({ color: 'green', message: 'Two-factor authentication is on' });
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>Two-factor authentication</Text>
        <Badge color={factor ? 'green' : 'gray'} variant="light">
          {factor ? 'On' : 'Off'}
        </Badge>
      </Group>
      {factor && (
        <>
          <Text fz="sm" c="dimmed">
            {factor.friendly_name || 'Authenticator app'}, added {dateFormat.format(new Date(factor.created_at))}.
            Log-ins ask for a code from it after the password.
          </Text>
          {remove.isError && (
            <Alert color="red" variant="light" title="Error">
              {authErrorMessage(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="light" color="red" onClick={() => remove.mutate(factor.id)} loading={remove.isPending}>
              Remove authenticator
            </Button>
          </Group>
        </>
      )}
      {!factor && enrolment && (
        <TotpEnrolmentForm enrolment={enrolment} onConfirmed={onConfirmed} onCancel={() => setEnrolment(null)} />
      )}
      {!factor && !enrolment && (
        <>
          <Text fz="sm" c="dimmed">
            Protect your account with a 6-digit code from an authenticator app, asked after your password.
          </Text>
          {start.isError && (
            <Alert color="red" variant="light" title="Error">
              {authErrorMessage(start.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="light" onClick={() => start.mutate()} loading={start.isPending}>
              Set up two-factor authentication
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
