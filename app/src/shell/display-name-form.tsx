import { Button, Group, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { authErrorMessage } from '#kit/auth/auth-errors.ts';

/** The server's limit (contract/auth.ts): longer names are refused there too. */
export const DISPLAY_NAME_MAX = 100;

export interface DisplayNameFormProps {
  name: string | null;
  /** Saves the name; rejects with the reason when it could not be saved. */
  onSave(name: string): Promise<void>;
  onSaved?(name: string): void;
}

/**
 * The name a person goes by in member lists, the editor and e-mails (instead of their address). What was typed
 * stays in the field when saving fails.
 */
export function DisplayNameForm({ name, onSave, onSaved }: DisplayNameFormProps) {
  const [value, setValue] = useState(name ?? '');
  const save = useMutation({ mutationFn: (next: string) => onSave(next), onSuccess: (_, next) => onSaved?.(next) });
  const unchanged = value.trim() === (name ?? '').trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!unchanged) save.mutate(value.trim());
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label="Display name"
          description="Shown to your colleagues in lists, the editor and e-mails instead of your e-mail address."
          placeholder="Your name"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            save.reset();
          }}
          maxLength={DISPLAY_NAME_MAX}
          error={save.isError ? authErrorMessage(save.error, 'The name could not be saved. Please try again.') : null}
          style={{ flex: 1 }}
        />
        <Button type="submit" mt={46} loading={save.isPending} disabled={unchanged}>
          Save
        </Button>
      </Group>
    </form>
  );
}
