import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { GlossaryTerm } from '#contract/glossary.ts';
import { notifyError, notifySuccess } from '#kit/notify.ts';
import { useDeleteTerm } from './glossary.mutations.ts';

export interface DeleteTermModalProps {
  spaceId: number;
  term: GlossaryTerm;
  onClose: () => void;
}

export function DeleteTermModal({ spaceId, term, onClose }: DeleteTermModalProps) {
  const remove = useDeleteTerm(spaceId);

  function close() {
    if (!remove.isPending) onClose();
  }

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
    <Modal opened onClose={close} title="Delete term" centered>
      <Stack gap="lg">
        <Text fz="sm">
          Delete{' '}
          <Text span fw={600}>
            “{term.translatable}”
          </Text>{' '}
          from the glossary? Translators and the AI will no longer be told how to translate it.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
