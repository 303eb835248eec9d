import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconDots, IconUserCog, IconUserMinus } from '@tabler/icons-react';
import type { SpaceUser } from '#contract/spaces.ts';
import { displayName, revokeWording, type RowPermissions } from './member-rules.ts';

export type MemberAction = 'approve' | 'change' | 'revoke';

export interface MemberRowMenuProps {
  member: SpaceUser;
  allowed: RowPermissions;
  onAction: (action: MemberAction, member: SpaceUser) => void;
}

/** The row's actions: only those the caller's role allows, so a row without any shows no menu at all. */
export function MemberRowMenu({ member, allowed, onAction }: MemberRowMenuProps) {
  if (!allowed.revoke && !allowed.approve && !allowed.changeRole) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={210}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${displayName(member)}`}>
          <IconDots size={18} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {allowed.approve && (
          <Menu.Item leftSection={<IconCheck size={16} />} onClick={() => onAction('approve', member)}>
            Approve request
          </Menu.Item>
        )}
        {allowed.changeRole && (
          <Menu.Item leftSection={<IconUserCog size={16} />} onClick={() => onAction('change', member)}>
            Change role
          </Menu.Item>
        )}
        {allowed.revoke && (allowed.approve || allowed.changeRole) && <Menu.Divider />}
        {allowed.revoke && (
          <Menu.Item color="red" leftSection={<IconUserMinus size={16} />} onClick={() => onAction('revoke', member)}>
            {revokeWording[member.pivot.status].action}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
