import { Alert, Text } from '@mantine/core';
import type { SpaceLocale } from '#contract/spaces.ts';
import { ConfirmModal } from '#kit/components/confirm-modal.tsx';
import { formatQuantity } from '#kit/format/format.ts';
import { useDeleteLanguage } from '#kit/data/languages.queries.ts';
import { errorMessage, notifySuccess } from '#kit/components/notify.ts';

export interface DeleteLanguageModalProps {
  spaceId: number;
  language: SpaceLocale;
  onClose: () => void;
}

/** Deleting a language takes its translations with it, here and in Storyblok: it asks first. */
export function DeleteLanguageModal({ spaceId, language, onClose }: DeleteLanguageModalProps) {
  const remove = useDeleteLanguage(spaceId);
  const label = `${language.name} (${language.code})`;

  function confirm() {
    remove.mutate(language.id, {
      onSuccess: () => {
        notifySuccess('Language deleted', `${label} is no longer translated in this space.`);
        onClose();
      },
    });
  }

  return (
    <ConfirmModal
      title="Delete language"
      confirmLabel="Delete language"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text fz="sm">
        Delete <strong>{label}</strong>? Its{' '}
        {formatQuantity(language.translated_key_count, 'translation', 'translations')} in Polyblok are deleted, and the
        Storyblok space no longer offers the language.
      </Text>
      {remove.isError && (
        <Alert color="red" variant="light" title="The language was not deleted">
          {errorMessage(remove.error, 'Please try again in a moment.')}
        </Alert>
      )}
    </ConfirmModal>
  );
}
