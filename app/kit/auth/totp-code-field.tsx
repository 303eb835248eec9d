import { TextInput } from '@mantine/core';
import { useState } from 'react';

const CODE_PATTERN = /^\d{6}$/;
const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';

/**
 * The code an authenticator app shows, as typed: spaces are allowed ("123 456"), six digits are required.
 * `take()` answers the code to send, or null after showing why it cannot be sent.
 */
export function useTotpCode() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const take = (): string | null => {
    const value = code.replace(/\s/g, '');
    if (!CODE_PATTERN.test(value)) {
      setError(CODE_REQUIRED);
      return null;
    }
    setError(null);
    return value;
  };
  return { code, setCode, error, take };
}

export type TotpCode = ReturnType<typeof useTotpCode>;

/** The one field for a 6-digit code: the sign-in step, turning a factor on, the tool panel. */
export function TotpCodeField({ totp, autoFocus = false }: { totp: TotpCode; autoFocus?: boolean }) {
  return (
    <TextInput
      label="Authentication code"
      placeholder="123456"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      value={totp.code}
      onChange={(event) => totp.setCode(event.currentTarget.value)}
      error={totp.error}
      data-autofocus={autoFocus || undefined}
      autoFocus={autoFocus}
    />
  );
}
