import { Avatar, type AvatarProps, type MantineColor } from '@mantine/core';
import { profileInitial } from '../format/profile-initial.ts';

export interface InitialAvatarProps extends Omit<AvatarProps, 'children' | 'color' | 'name'> {
  name: string | null | undefined;
  email: string | null | undefined;
  /** A role colour from `roleColors`, or the brand colour for the user's own profile. */
  color?: MantineColor;
}

export function InitialAvatar({ name, email, color = 'brand', ...props }: InitialAvatarProps) {
  return (
    <Avatar color={color} variant="filled" radius="xl" {...props} aria-hidden="true">
      {profileInitial(name, email)}
    </Avatar>
  );
}
