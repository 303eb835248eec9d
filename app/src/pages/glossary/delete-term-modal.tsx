import { Text } from '@mantine/core';
import type { GlossaryTerm } from '#contract/glossary.ts';
import { ConfirmModal } from '#kit/components/confirm-modal.tsx';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
import { useDeleteTerm } from './glossary.mutations.ts';

export interface DeleteTermModalProps {
  spaceId: number;
  term: GlossaryTerm;
  onClose: () => void;
}

export function DeleteTermModal({ spaceId, term, onClose }: DeleteTermModalProps) {
  const remove = useDeleteTerm(spaceId);

  function confirm() {
    remove.mutate(term.id, {
      onSuccess: () => {
        notifySuccess('Term deleted', `“${term.translatable}” is no longer in the glossary.`);
        onClose();
      },
      onError: (error) =>
        notifyError('Failed to delete term', error, 'The term could not be deleted. Please try again.'),
    });
  }

  return (
    <ConfirmModal
      title="Delete term"
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text fz="sm">
        Delete{' '}
        <Text span fw={600}>
          “{term.translatable}”
        </Text>{' '}
        from the glossary? Translators and the AI will no longer be told how to translate it.
      </Text>
    </ConfirmModal>
  );
}
