import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AvailableSpace } from '#contract/space-connect.ts';
import { notifySuccess } from '#kit/components/notify.ts';
import { useAvailableSpaces, useCreateSpace } from '#kit/data/space-connect.queries.ts';
import { AvailableSpacesStep } from './available-spaces-step.tsx';
import { TokenStep } from './token-step.tsx';

export interface AddSpaceModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Add a space': a personal access token, then one of the Storyblok spaces it sees. A new space starts its
 * first sync and opens; one another team already connected becomes a request to join it.
 */
export function AddSpaceModal({ opened, onClose }: AddSpaceModalProps) {
  const navigate = useNavigate();
  const [token, setToken] = useState('');
  const available = useAvailableSpaces();
  const create = useCreateSpace();
  const spaces = available.data;

  function close() {
    if (create.isPending) return;
    onClose();
    // Next time starts over; the token is not kept once the dialog is closed.
    setToken('');
    available.reset();
    create.reset();
  }

  function add(space: AvailableSpace) {
    create.mutate(
      { spaceId: space.id, token: token.trim() },
      {
        onSuccess: (created) => {
          close();
          if (created.status === 'joined') {
            notifySuccess('Space added', `${space.name} is being imported from Storyblok.`);
            void navigate(`/spaces/${created.id}/languages`);
          } else if (created.status === 'requesting') {
            notifySuccess(
              'Access requested',
              `${space.name} is already in Polyblok: its admins have been asked to let you in.`,
            );
          } else {
            notifySuccess('Already invited', `You are invited to ${space.name}: join it from its card.`);
          }
        },
      },
    );
  }

  return (
    <Modal opened={opened} onClose={close} title="Add a space" size="lg" centered>
      {spaces ? (
        <AvailableSpacesStep
          spaces={spaces}
          adding={create.isPending ? create.variables.spaceId : null}
          error={create.error}
          onAdd={add}
          onBack={() => {
            available.reset();
            create.reset();
          }}
        />
      ) : (
        <TokenStep
          token={token}
          onTokenChange={(value) => {
            setToken(value);
            if (available.isError) available.reset();
          }}
          onVerify={() => available.mutate(token.trim())}
          verifying={available.isPending}
          error={available.error}
        />
      )}
    </Modal>
  );
}
