import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SpaceUser } from '#contract/spaces.ts';
import { notifyError, notifySuccess } from '#kit/notify.ts';
import { displayName, revokeWording } from './member-rules.ts';
import { useRevokeUser } from './members.mutations.ts';

export interface RevokeMemberModalProps {
  spaceId: number;
  /** The row to remove; the modal is mounted per action. */
  member: SpaceUser;
  onClose: () => void;
}

/** The confirmation of a revoke, worded by the row's status: access, invitation or request. */
export function RevokeMemberModal({ spaceId, member, onClose }: RevokeMemberModalProps) {
  const revoke = useRevokeUser(spaceId);
  const wording = revokeWording[member.pivot.status];

  function close() {
    if (!revoke.isPending) onClose();
  }

  function confirm() {
    revoke.mutate(member.id, {
      onSuccess: () => {
        notifySuccess('User removed', 'The user has been successfully removed from this space');
        onClose();
      },
      onError: (error) =>
        notifyError(`Failed to ${wording.action.toLowerCase()}`, error, 'Nothing was changed. Please try again.'),
    });
  }

  return (
    <Modal opened onClose={close} title={wording.action} centered>
      <Stack gap="lg">
        <Text fz="sm">
          <Text span fw={600}>
            {displayName(member)}
          </Text>{' '}
          {member.name ? `(${member.email}) ` : ''}
          {wording.question}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={revoke.isPending}>
            {wording.action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
