import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Role } from '#contract/roles.ts';
import { InviteForm, type InviteInput } from '#kit/components/invite-form.tsx';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
import { useInviteUser } from './members.mutations.ts';

export interface AddMemberModalProps {
  spaceId: number;
  opened: boolean;
  onClose: () => void;
  grantable: readonly Role[];
}

/** 'Add member': invites an address with a role; the person joins from the e-mail or their spaces list. */
export function AddMemberModal({ spaceId, opened, onClose, grantable }: AddMemberModalProps) {
  const invite = useInviteUser(spaceId);

  function close() {
    if (!invite.isPending) onClose();
  }

  function send(input: InviteInput) {
    invite.mutate(input, {
      onSuccess: (result) => {
        // Inviting someone already in the space changes nothing; the server says why.
        if (result.invited) notifySuccess('User invited', result.message);
        else notifications.show({ color: 'blue', title: 'Nothing to change', message: result.message });
        invite.reset();
        onClose();
      },
      // The input stays so a typo can be fixed and sent again.
      onError: (error) =>
        notifyError('Failed to invite user', error, 'The invitation could not be sent. Please try again.'),
    });
  }

  // Closed, the modal drops the form, so it opens again empty with the default role.
  return (
    <Modal opened={opened} onClose={close} title="Add member" centered>
      <InviteForm roles={grantable} pending={invite.isPending} onSubmit={send} onCancel={close} />
    </Modal>
  );
}
