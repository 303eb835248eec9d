import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { SpaceLocale } from '#contract/spaces.ts';
import {
  LANGUAGE_CODE_ADD_INPUT_MAX,
  LANGUAGE_CODE_HINT,
  LANGUAGE_CODE_MAX,
  LANGUAGE_NAME_MAX,
  languageCodeError,
  languageNameError,
} from '#contract/language-rules.ts';
import { useAddLanguage, useEditLanguage } from '#kit/data/languages.queries.ts';
import { errorMessage, notifySuccess } from '#kit/components/notify.ts';

export interface LanguageFormModalProps {
  spaceId: number;
  /** The language to edit; absent, the form adds one. */
  language?: SpaceLocale;
  onClose: () => void;
}

/**
 * 'Add a language' and its edit twin, with the rules of spec section 5 (the add form's code input is capped
 * at 10 characters, the edit form's at 50). What the server refuses is shown in the form, which keeps the input.
 */
export function LanguageFormModal({ spaceId, language, onClose }: LanguageFormModalProps) {
  const editing = language !== undefined;
  const [name, setName] = useState(language?.name ?? '');
  const [code, setCode] = useState(language?.code ?? '');
  const [checked, setChecked] = useState(false);
  const add = useAddLanguage(spaceId);
  const edit = useEditLanguage(spaceId);
  const save = editing ? edit : add;

  const nameError = checked ? languageNameError(name) : null;
  const codeError = checked ? languageCodeError(code) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (languageNameError(name) || languageCodeError(code)) return;
    const input = { name: name.trim(), code: code.trim() };
    const done = (saved: SpaceLocale) => {
      notifySuccess(
        editing ? 'Language updated' : 'Language added',
        `${saved.name} (${saved.code}) is ${editing ? 'updated' : 'added'} here and in Storyblok.`,
      );
      onClose();
    };
    if (language) edit.mutate({ ...input, id: language.id }, { onSuccess: done });
    else add.mutate(input, { onSuccess: done });
  }

  return (
    <Modal opened onClose={onClose} title={editing ? 'Edit language' : 'Add a language'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {save.isError && (
            <Alert
              color="red"
              variant="light"
              title={editing ? 'The language was not saved' : 'The language was not added'}
            >
              {errorMessage(save.error, 'Please try again in a moment.')}
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
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Save changes' : 'Add language'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
