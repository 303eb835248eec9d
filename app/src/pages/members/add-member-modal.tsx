import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { Role } from '#contract/roles.ts';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
import { inviteEmailProblem } from '#contract/invite-rules.ts';
import { DEFAULT_INVITE_ROLE } from '#contract/member-rules.ts';
import { roleLabels } from './member-rules.ts';
import { useInviteUser } from './members.mutations.ts';
import { RoleSelect } from './role-select.tsx';

export interface AddMemberModalProps {
  spaceId: number;
  opened: boolean;
  onClose: () => void;
  grantable: readonly Role[];
}

/** 'Add member': invites an address with a role; the person joins from the e-mail or their spaces list. */
export function AddMemberModal({ spaceId, opened, onClose, grantable }: AddMemberModalProps) {
  const invite = useInviteUser(spaceId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(grantable.includes(DEFAULT_INVITE_ROLE) ? DEFAULT_INVITE_ROLE : grantable[0]!);
  const [problem, setProblem] = useState<string | null>(null);

  function close() {
    if (invite.isPending) return;
    setEmail('');
    setProblem(null);
    setRole(grantable.includes(DEFAULT_INVITE_ROLE) ? DEFAULT_INVITE_ROLE : grantable[0]!);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = inviteEmailProblem(email);
    setProblem(found);
    if (found) return;
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (result) => {
          // Inviting someone already in the space changes nothing; the server says why.
          if (result.invited) notifySuccess('User invited', result.message);
          else notifications.show({ color: 'blue', title: 'Nothing to change', message: result.message });
          invite.reset();
          close();
        },
        // The input stays so a typo can be fixed and sent again.
        onError: (error) =>
          notifyError('Failed to invite user', error, 'The invitation could not be sent. Please try again.'),
      },
    );
  }

  return (
    <Modal opened={opened} onClose={close} title="Add member" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            They get an e-mail invitation to join as {roleLabels[role].toLowerCase()}. Someone new to Polyblok sets a
            password from that e-mail first.
          </Text>
          <TextInput
            label="Email"
            type="email"
            placeholder="name@company.com"
            required
            data-autofocus
            value={email}
            error={problem}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              if (problem) setProblem(null);
            }}
          />
          <RoleSelect value={role} onChange={setRole} roles={grantable} disabled={invite.isPending} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
