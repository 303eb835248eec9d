import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { Space } from '#contract/spaces.ts';
import { ConfirmModal } from '#kit/components/confirm-modal.tsx';
import { useAnswerInvite } from '#kit/data/invitation.queries.ts';
import { errorMessage, notifySuccess } from '#kit/components/notify.ts';

/**
 * Decline or Join an invitation; declining, which cannot be undone, asks first. A refusal from the server stays
 * on the card with its reason.
 */
export function InvitationActions({ space }: { space: Space }) {
  const answer = useAnswerInvite();
  const pending = answer.isPending ? answer.variables.answer : null;
  const [confirming, setConfirming] = useState(false);

  function reply(choice: 'accept' | 'decline') {
    answer.mutate(
      { spaceId: space.id, answer: choice },
      {
        onSuccess: () =>
          choice === 'accept'
            ? notifySuccess('Invitation accepted', `You are now a member of ${space.name}.`)
            : notifySuccess('Invitation declined', `The invitation to ${space.name} is gone.`),
        onSettled: () => setConfirming(false),
      },
    );
  }

  return (
    <>
      {answer.isError && (
        <Text fz="sm" c="red" mt="sm" role="alert">
          {errorMessage(
            answer.error,
            answer.variables.answer === 'accept' ? 'Could not join the space' : 'Could not decline the invitation',
          )}
        </Text>
      )}
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={() => setConfirming(true)} disabled={pending !== null}>
          Decline
        </Button>
        <Button onClick={() => reply('accept')} loading={pending === 'accept'} disabled={pending === 'decline'}>
          Join
        </Button>
      </Group>
      {confirming && (
        <ConfirmModal
          title="Decline the invitation"
          confirmLabel="Decline"
          pending={pending === 'decline'}
          onConfirm={() => reply('decline')}
          onClose={() => setConfirming(false)}
        >
          <Text fz="sm">
            Decline the invitation to{' '}
            <Text span fw={600}>
              {space.name}
            </Text>
            ? To join it later, someone in the space has to invite you again.
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
