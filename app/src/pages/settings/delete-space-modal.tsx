import { Alert, List, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '#kit/components/confirm-modal.tsx';
import { errorMessage, notifySuccess } from '#kit/components/notify.ts';
import { isSpaceNotFound, useDeleteSpace } from '#kit/data/space-settings.queries.ts';

export interface DeleteSpaceModalProps {
  spaceId: number;
  spaceName: string;
  onClose: () => void;
}

/**
 * Deleting a space cannot be undone: the owner types its name to confirm. Afterwards the spaces list opens
 * (the space's own screens no longer exist).
 */
export function DeleteSpaceModal({ spaceId, spaceName, onClose }: DeleteSpaceModalProps) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteSpace(spaceId);
  const navigate = useNavigate();
  const confirmed = typed.trim() === spaceName.trim();

  function leave(title: string, message: string) {
    notifySuccess(title, message);
    void navigate('/', { replace: true });
  }

  function confirm() {
    if (!confirmed || remove.isPending) return;
    remove.mutate(undefined, {
      onSuccess: () =>
        leave('Space deleted', `${spaceName} was deleted from Polyblok. The Storyblok space is unchanged.`),
      onError: (error) => {
        if (isSpaceNotFound(error)) leave('Space already deleted', `${spaceName} is no longer in Polyblok.`);
      },
    });
  }

  return (
    <ConfirmModal
      title="Delete space"
      confirmLabel="Delete space"
      pending={remove.isPending}
      confirmDisabled={!confirmed}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text fz="sm">
        <strong>{spaceName}</strong> and everything Polyblok holds of it are deleted for every member. This cannot be
        undone.
      </Text>
      <List fz="sm" spacing={4}>
        <List.Item>Its languages, imported stories, translations and glossary</List.Item>
        <List.Item>Its members, invitations and requests to join</List.Item>
        <List.Item>Its synchronization history and AI use</List.Item>
      </List>
      <Alert color="gray" variant="light" title="Storyblok is not changed">
        The Storyblok space, its stories and the translations already written to it stay as they are (remove Polyblok’s
        webhook there if you added one). You can connect the space again later; it then starts afresh.
      </Alert>
      <TextInput
        label="Name of the space"
        description={
          <>
            To confirm, type <strong>{spaceName}</strong>
          </>
        }
        placeholder={spaceName}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          if (remove.isError) remove.reset();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            confirm();
          }
        }}
      />
      {remove.isError && !isSpaceNotFound(remove.error) && (
        <Alert color="red" variant="light" title="The space was not deleted">
          {errorMessage(remove.error, 'Please try again in a moment.')}
        </Alert>
      )}
    </ConfirmModal>
  );
}
