import { Button, Group, Text } from '@mantine/core';
import type { Space } from '#contract/spaces.ts';
import { useAnswerInvite } from '#kit/data/invitation.queries.ts';
import { errorMessage, notifySuccess } from '#kit/components/notify.ts';

/** Decline or Join an invitation; a refusal from the server stays on the card with its reason. */
export function InvitationActions({ space }: { space: Space }) {
  const answer = useAnswerInvite();
  const pending = answer.isPending ? answer.variables.answer : null;

  function reply(choice: 'accept' | 'decline') {
    answer.mutate(
      { spaceId: space.id, answer: choice },
      {
        onSuccess: () =>
          choice === 'accept'
            ? notifySuccess('Invitation accepted', `You are now a member of ${space.name}.`)
            : notifySuccess('Invitation declined', `The invitation to ${space.name} is gone.`),
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
        <Button
          variant="default"
          onClick={() => reply('decline')}
          loading={pending === 'decline'}
          disabled={pending === 'accept'}
        >
          Decline
        </Button>
        <Button onClick={() => reply('accept')} loading={pending === 'accept'} disabled={pending === 'decline'}>
          Join
        </Button>
      </Group>
    </>
  );
}
