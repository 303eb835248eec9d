import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  LANGUAGE_CODE_ADD_INPUT_MAX,
  LANGUAGE_CODE_HINT,
  LANGUAGE_CODE_MAX,
  LANGUAGE_NAME_MAX,
  languageCodeError,
  languageNameError,
} from '#contract/language-rules.ts';
import { errorMessage } from './notify.ts';

export interface LanguageInput {
  name: string;
  code: string;
}

export interface LanguageFormProps {
  /** The language to edit; absent, the form adds one. */
  language?: LanguageInput;
  /** The language is being saved: the form waits. */
  pending: boolean;
  /** Why the last save failed, shown above the fields, which keep their input. */
  error: unknown;
  onSubmit(input: LanguageInput): void;
  onCancel(): void;
}

/**
 * A language's name and code with the rules of spec section 5 (the add form's code input is capped at 10
 * characters, the edit form's at 50); nothing is sent until both are right.
 */
export function LanguageForm({ language, pending, error, onSubmit, onCancel }: LanguageFormProps) {
  const editing = language !== undefined;
  const [name, setName] = useState(language?.name ?? '');
  const [code, setCode] = useState(language?.code ?? '');
  const [checked, setChecked] = useState(false);

  const nameError = checked ? languageNameError(name) : null;
  const codeError = checked ? languageCodeError(code) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (languageNameError(name) || languageCodeError(code)) return;
    onSubmit({ name: name.trim(), code: code.trim() });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error != null && (
          <Alert
            color="red"
            variant="light"
            title={editing ? 'The language was not saved' : 'The language was not added'}
          >
            {errorMessage(error, 'Please try again in a moment.')}
          </Alert>
        )}
        <TextInput
          label="Language name"
          placeholder="German"
          required
          data-autofocus
          maxLength={LANGUAGE_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
        />
        <TextInput
          label="Language code"
          description={codeError ? undefined : LANGUAGE_CODE_HINT}
          placeholder="de"
          required
          maxLength={editing ? LANGUAGE_CODE_MAX : LANGUAGE_CODE_ADD_INPUT_MAX}
          autoComplete="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={codeError}
        />
        {editing && (
          <Alert color="yellow" variant="light">
            Changing the code renames the language in Storyblok too: translations stay, and are written under the new
            code.
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? 'Save changes' : 'Add language'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
