import { PasswordInput } from '@mantine/core';

interface NewPasswordFieldsProps {
  /** "Password" on sign-up, "New Password" on reset (the specification's labels). */
  label: string;
  confirmLabel: string;
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
  errors: { password?: string; confirmPassword?: string };
}

/** A new password and its confirmation, both required, as sign-up and reset ask for them. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={props.label}
        autoComplete="new-password"
        required
        description="At least 8 characters"
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
        error={props.errors.password}
      />
      <PasswordInput
        label={props.confirmLabel}
        autoComplete="new-password"
        required
        value={props.confirmPassword}
        onChange={(event) => props.onConfirmPasswordChange(event.currentTarget.value)}
        error={props.errors.confirmPassword}
      />
    </>
  );
}
