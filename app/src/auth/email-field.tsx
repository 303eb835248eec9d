import { TextInput } from '@mantine/core';

export interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Lets the browser refuse an empty address before sending; log-in leaves that to the server's answer. */
  required?: boolean;
}

/** The e-mail address field of the auth screens: one label, placeholder and autofill hint on all of them. */
export function EmailField({ value, onChange, required }: EmailFieldProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      placeholder="you@company.com"
      autoComplete="email"
      required={required}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
