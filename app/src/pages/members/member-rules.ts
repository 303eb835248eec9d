import type { MembershipStatus, Role, SpaceUser } from '#contract/spaces.ts';
import { hasRole } from '#kit/roles.ts';

/**
 * The roles from the highest down, as the browser lists them. Kept here rather than imported from the
 * contract, whose module loads zod at runtime; member-rules.test.ts checks it against the contract's list.
 */
export const rolesHighFirst: readonly Role[] = ['owner', 'admin', 'editor', 'translator', 'viewer'];

export const roleLabels: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  translator: 'Translator',
  viewer: 'Viewer',
};

/** What each role may do, in the role table's words, to help choose one. */
export const roleDescriptions: Readonly<Record<Role, string>> = {
  owner: 'Everything, including the subscription and the roles of admins',
  admin: 'Manages languages, members and the Storyblok token',
  editor: 'Edits the glossary, translates folders with AI and syncs',
  translator: 'Translates, asks the AI and verifies translations',
  viewer: 'Reads content, languages, the glossary and members',
};

/** The members page's tabs, in the spec's order. */
export const memberTabs: readonly { status: MembershipStatus; label: string }[] = [
  { status: 'joined', label: 'Joined' },
  { status: 'invited', label: 'Invited' },
  { status: 'requesting', label: 'Requesting access' },
];

/** Each status's wording of "revoke" (spec section 4): what removing the row means for that person. */
export const revokeWording: Readonly<Record<MembershipStatus, { action: string; question: string }>> = {
  joined: { action: 'Revoke access', question: 'will no longer have access to this space.' },
  invited: { action: 'Revoke invitation', question: 'will no longer be able to join this space.' },
  requesting: { action: 'Reject request', question: 'will not be let into this space.' },
};

export const DEFAULT_INVITE_ROLE: Role = 'translator';

const rank = (role: Role) => rolesHighFirst.length - rolesHighFirst.indexOf(role);

/** Members of one status, highest role first, then by name or e-mail, so the owners lead the list. */
export function membersWithStatus(users: readonly SpaceUser[], status: MembershipStatus): SpaceUser[] {
  return users
    .filter((user) => user.pivot.status === status)
    .sort(
      (a, b) =>
        rank(b.pivot.role) - rank(a.pivot.role) ||
        displayName(a).localeCompare(displayName(b), 'en', { sensitivity: 'base' }),
    );
}

export function countByStatus(users: readonly SpaceUser[]): Record<MembershipStatus, number> {
  const counts: Record<MembershipStatus, number> = { joined: 0, invited: 0, requesting: 0 };
  for (const user of users) counts[user.pivot.status] += 1;
  return counts;
}

export function displayName(user: Pick<SpaceUser, 'name' | 'email'>): string {
  return user.name?.trim() || user.email;
}

/** How a role is handed out: letting someone in (invite, approve) or changing a member's role. */
export type GrantKind = 'invite' | 'approve' | 'change';

/**
 * The roles a member may hand out (the server's rule, PRODUCT.md role table): an owner any; an admin lets people
 * in up to admin, but making an existing member admin, and anything owner, is the owner's. Below admin, nothing.
 */
export function grantableRoles(callerRole: Role, kind: GrantKind): Role[] {
  if (callerRole === 'owner') return [...rolesHighFirst];
  if (callerRole !== 'admin') return [];
  const highest: Role = kind === 'change' ? 'editor' : 'admin';
  return rolesHighFirst.filter((role) => hasRole(highest, role));
}

export interface RowPermissions {
  /** Revoke access, revoke the invitation or reject the request. */
  revoke: boolean;
  approve: boolean;
  changeRole: boolean;
}

const none: RowPermissions = { revoke: false, approve: false, changeRole: false };

/**
 * What the caller may do to one row, as the server decides it: owners manage everyone; an admin manages the
 * people below them, never an owner nor a joined admin (an invitation or a request up to admin is theirs to
 * handle). One's own row has no actions here: leaving a space is not this page's business.
 */
export function rowPermissions(caller: { id: string; role: Role }, member: SpaceUser): RowPermissions {
  if (!hasRole(caller.role, 'admin') || caller.id === member.id) return none;
  const { role, status } = member.pivot;
  if (caller.role !== 'owner' && (role === 'owner' || (status === 'joined' && role === 'admin'))) return none;
  const requesting = status === 'requesting';
  return { revoke: true, approve: requesting, changeRole: !requesting };
}

export const PAGE_SIZES = [10, 25, 50] as const;

/** One page of a list; a page past the end (after removals) shows the last page instead. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size: number,
): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}
