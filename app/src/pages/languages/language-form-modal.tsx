import { Modal } from '@mantine/core';
import type { SpaceLocale } from '#contract/spaces.ts';
import { LanguageForm, type LanguageInput } from '#kit/components/language-form.tsx';
import { notifySuccess } from '#kit/components/notify.ts';
import { useAddLanguage, useEditLanguage } from '#kit/data/languages.queries.ts';

export interface LanguageFormModalProps {
  spaceId: number;
  /** The language to edit; absent, the form adds one. */
  language?: SpaceLocale;
  onClose: () => void;
}

/** 'Add a language' and its edit twin. What the server refuses is shown in the form, which keeps the input. */
export function LanguageFormModal({ spaceId, language, onClose }: LanguageFormModalProps) {
  const editing = language !== undefined;
  const add = useAddLanguage(spaceId);
  const edit = useEditLanguage(spaceId);
  const save = editing ? edit : add;

  function submit(input: LanguageInput) {
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
      <LanguageForm
        language={language}
        pending={save.isPending}
        error={save.isError ? save.error : null}
        onSubmit={submit}
        onCancel={onClose}
      />
    </Modal>
  );
}
