import { Alert, Button, Code, CopyButton, Group, Image, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { svgDataUrl, type TotpEnrolment } from '#kit/auth/auth-actions.ts';
import { useAuth } from '#kit/auth/auth-context.ts';
import { authErrorMessage } from '#kit/auth/auth-errors.ts';
import { TotpCodeField, useTotpCode } from '#kit/auth/totp-code-field.tsx';

export interface TotpEnrolmentFormProps {
  enrolment: TotpEnrolment;
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Scan (or type the secret), then prove it with a first code; only then is the factor verified. */
export function TotpEnrolmentForm({ enrolment, onConfirmed, onCancel }: TotpEnrolmentFormProps) {
  const auth = useAuth();
  const totp = useTotpCode();
  const confirm = useMutation({
    mutationFn: (value: string) => auth.confirmTotpEnrolment(enrolment.factorId, value),
    onSuccess: onConfirmed,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = totp.take();
    if (value !== null) confirm.mutate(value);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fz="sm">1. Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).</Text>
        <Image
          src={svgDataUrl(enrolment.qrCodeSvg)}
          alt="QR code to add Polyblok to your authenticator app"
          w={168}
          h={168}
          mx="auto"
          bd="1px solid var(--mantine-color-gray-3)"
          radius="md"
          p={4}
        />
        <Text fz="sm">Or enter this secret by hand:</Text>
        <Group gap="xs" wrap="nowrap" justify="center">
          <Code fz="sm" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {enrolment.secret}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text fz="sm">2. Enter the 6-digit code the app shows.</Text>
        {confirm.isError && (
          <Alert color="red" variant="light" title="Error">
            {authErrorMessage(confirm.error)}
          </Alert>
        )}
        <TotpCodeField totp={totp} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={confirm.isPending}>
            Turn on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
