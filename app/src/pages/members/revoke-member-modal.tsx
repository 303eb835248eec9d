import { Text } from '@mantine/core';
import type { SpaceUser } from '#contract/spaces.ts';
import { ConfirmModal } from '#kit/components/confirm-modal.tsx';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
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
    <ConfirmModal
      title={wording.action}
      confirmLabel={wording.action}
      pending={revoke.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text fz="sm">
        <Text span fw={600}>
          {displayName(member)}
        </Text>{' '}
        {member.name ? `(${member.email}) ` : ''}
        {wording.question}
      </Text>
    </ConfirmModal>
  );
}
