import { manageRefusal, type MembershipStatus } from '#contract/member-rules.ts';
import { hasRole, roles, type Role } from '#contract/roles.ts';
import type { SpaceUser } from '#contract/spaces.ts';

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

const rank = (role: Role) => roles.length - roles.indexOf(role);

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

export interface RowPermissions {
  /** Revoke access, revoke the invitation or reject the request. */
  revoke: boolean;
  approve: boolean;
  changeRole: boolean;
}

const none: RowPermissions = { revoke: false, approve: false, changeRole: false };

/**
 * What the caller may do to one row: what the contract's member rules allow. One's own row has no actions here:
 * leaving a space is not this page's business.
 */
export function rowPermissions(caller: { id: string; role: Role }, member: SpaceUser): RowPermissions {
  if (!hasRole(caller.role, 'admin') || caller.id === member.id) return none;
  const { role, status } = member.pivot;
  if (manageRefusal({ userId: caller.id, role: caller.role }, { userId: member.id, role, status })) return none;
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
