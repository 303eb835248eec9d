import type { Role } from '#contract/spaces.ts';

const rank: Readonly<Record<Role, number>> = { viewer: 0, translator: 1, editor: 2, admin: 3, owner: 4 };

/**
 * Whether a member with `role` may do what needs at least `least` (the role table of PRODUCT.md; the server
 * checks the same table on every call, the screens only hide what would be refused).
 */
export function hasRole(role: Role, least: Role): boolean {
  return rank[role] >= rank[least];
}

/** What each screen action needs, named after the rows of the role table. */
export const leastRoleFor = {
  translate: 'translator',
  glossary: 'editor',
  translateFolder: 'editor',
  sync: 'editor',
  languages: 'admin',
  members: 'admin',
  token: 'admin',
  subscription: 'owner',
  deleteSpace: 'owner',
} as const satisfies Record<string, Role>;

export type SpaceAction = keyof typeof leastRoleFor;

export function can(role: Role, action: SpaceAction): boolean {
  return hasRole(role, leastRoleFor[action]);
}
