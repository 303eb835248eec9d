import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SpaceUser } from '#contract/spaces.ts';
import type { Role } from '#contract/roles.ts';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
import { DEFAULT_INVITE_ROLE } from '#contract/member-rules.ts';
import { roleLabels } from '#kit/format/role-labels.ts';
import { displayName } from './member-rules.ts';
import { useApproveRequest, useChangeRole } from './members.mutations.ts';
import { RoleSelect } from '#kit/components/role-select.tsx';

export interface MemberRoleModalProps {
  spaceId: number;
  /** 'approve' lets a requesting user in with the chosen role; 'change' gives a member another role. */
  mode: 'approve' | 'change';
  member: SpaceUser;
  grantable: readonly Role[];
  onClose: () => void;
}

const texts = {
  approve: { title: 'Approve request', button: 'Approve', failure: 'Failed to approve request' },
  change: { title: 'Change role', button: 'Save role', failure: 'Failed to change role' },
} as const;

function initialRole(mode: MemberRoleModalProps['mode'], member: SpaceUser, grantable: readonly Role[]): Role {
  const wanted = mode === 'approve' ? DEFAULT_INVITE_ROLE : member.pivot.role;
  return grantable.includes(wanted) ? wanted : grantable[0]!;
}

/** Mounted per action (keyed by the row), so the role always starts from that member's. */
export function MemberRoleModal({ spaceId, mode, member, grantable, onClose }: MemberRoleModalProps) {
  const approve = useApproveRequest(spaceId);
  const change = useChangeRole(spaceId);
  const mutation = mode === 'approve' ? approve : change;
  const [role, setRole] = useState<Role>(() => initialRole(mode, member, grantable));
  const text = texts[mode];
  const name = displayName(member);

  function close() {
    if (!mutation.isPending) onClose();
  }

  function save() {
    mutation.mutate(
      { user_id: member.id, role },
      {
        onSuccess: () => {
          if (mode === 'approve') notifySuccess('Request approved', `${name} joined the space as ${roleLabels[role]}.`);
          else notifySuccess('Role changed', `${name} is now ${roleLabels[role]}.`);
          onClose();
        },
        onError: (error) => notifyError(text.failure, error, 'Nothing was changed. Please try again.'),
      },
    );
  }

  return (
    <Modal opened onClose={close} title={text.title} centered>
      <Stack gap="md">
        <Text fz="sm">
          {mode === 'approve' ? 'Let ' : 'Choose the role of '}
          <Text span fw={600}>
            {name}
          </Text>
          {mode === 'approve' ? ' into this space as:' : ' in this space.'}
        </Text>
        <RoleSelect value={role} onChange={setRole} roles={grantable} disabled={mutation.isPending} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            onClick={save}
            loading={mutation.isPending}
            disabled={mode === 'change' && role === member.pivot.role}
          >
            {text.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
