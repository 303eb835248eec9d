import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '#kit/components/notify.ts';
import { TokenField } from '#kit/components/token-field.tsx';
import { useReplaceSpaceToken } from '#kit/data/space-sync.queries.ts';

export interface ReplaceTokenModalProps {
  spaceId: number;
  spaceName: string;
  onClose: () => void;
}

/** Gives the space a new personal access token after Storyblok refused the old one; syncing resumes. */
export function ReplaceTokenModal({ spaceId, spaceName, onClose }: ReplaceTokenModalProps) {
  const [token, setToken] = useState('');
  const replace = useReplaceSpaceToken(spaceId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!token.trim()) return;
    replace.mutate(token.trim(), {
      onSuccess: () => {
        notifySuccess('Token updated', 'Synchronization with Storyblok has been started');
        onClose();
      },
    });
  }

  return (
    <Modal opened onClose={onClose} title="Provide a new token" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Paste a Storyblok personal access token that can see <strong>{spaceName}</strong>. Polyblok checks it,
            stores it encrypted, writes any pending translations and synchronizes again.
          </Text>
          <TokenField
            value={token}
            onChange={(value) => {
              setToken(value);
              if (replace.isError) replace.reset();
            }}
            error={replace.error}
            fallbackMessage="The token could not be saved. Please try again."
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={replace.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!token.trim()} loading={replace.isPending}>
              Save token
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
