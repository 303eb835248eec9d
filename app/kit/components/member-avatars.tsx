import { Avatar } from '@mantine/core';
import type { SpaceUser } from '#contract/spaces.ts';
import { avatarPreview } from '../format/avatar-preview.ts';
import { formatCount } from '../format/format.ts';
import { profileInitial } from '../format/profile-initial.ts';
import { roleColors } from './theme.ts';

export interface MemberAvatarsProps {
  members: readonly Pick<SpaceUser, 'id' | 'name' | 'email' | 'pivot'>[];
  size?: number;
}

/**
 * Up to five members as initials in their role's colour, then '+N'. Names show in the native tooltip: a
 * Mantine Tooltip would bring its positioning engine into the spaces list, which is on the first route.
 */
export function MemberAvatars({ members, size = 30 }: MemberAvatarsProps) {
  const { shown, overflow } = avatarPreview(members);
  const label = `${formatCount(members.length)} ${members.length === 1 ? 'member' : 'members'}`;
  return (
    <Avatar.Group spacing="xs" role="group" aria-label={label}>
      {shown.map((member) => (
        <Avatar
          key={member.id}
          color={roleColors[member.pivot.role]}
          variant="filled"
          radius="xl"
          size={size}
          title={`${member.name || member.email} (${member.pivot.role})`}
        >
          {profileInitial(member.name, member.email)}
        </Avatar>
      ))}
      {overflow > 0 && (
        <Avatar size={size} radius="xl" color="gray" variant="light" title={`${formatCount(overflow)} more`}>
          +{formatCount(overflow)}
        </Avatar>
      )}
    </Avatar.Group>
  );
}
