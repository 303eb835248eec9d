/** Spec section 9: a member list shows at most 5 avatars, then '+N' for the rest. */
export const AVATAR_PREVIEW = 5;

export interface AvatarPreview<T> {
  shown: T[];
  /** How many members the '+N' stands for; 0 when everyone is shown. */
  overflow: number;
}

export function avatarPreview<T>(members: readonly T[], max: number = AVATAR_PREVIEW): AvatarPreview<T> {
  const limit = Math.max(0, max);
  return { shown: members.slice(0, limit), overflow: Math.max(0, members.length - limit) };
}
