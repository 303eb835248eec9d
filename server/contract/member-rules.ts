import { hasRole, roles, type Role } from './roles.ts';

/**
 * Who may manage whom in a space (PRODUCT.md: changing the roles of admins is for owners), declared once: the
 * server refuses with these reasons, the members page offers only what would be allowed. No zod here.
 */

export const membershipStatuses = ['joined', 'invited', 'requesting'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

/** Who acts: a member with their role in the space. */
export interface MemberActor {
  userId: string;
  role: Role;
}

/** Whom the action is about: a membership of the space, in any status. */
export interface MemberTarget {
  userId: string;
  role: Role;
  status: MembershipStatus;
}

/** How a role is handed out: letting someone in (invite, approve a request) or changing a member's role. */
export type GrantKind = 'invite' | 'approve' | 'change';

export const DEFAULT_INVITE_ROLE: Role = 'translator';

const ownerOnly = (what: string) => `Only an owner of the space can ${what}.`;

/**
 * Why the actor may not change or remove the target, or null when they may. Owners manage everyone; admins
 * manage the people below them. An invitation is not yet a seat in the space, so an admin may withdraw one up to
 * admin, the highest role an admin can invite with. Stepping down or leaving is everyone's own choice.
 */
export function manageRefusal(actor: MemberActor, target: MemberTarget): string | null {
  if (actor.role === 'owner' || actor.userId === target.userId) return null;
  if (!hasRole(actor.role, 'admin')) return 'Only admins and owners of the space manage its members.';
  if (target.role === 'owner') return ownerOnly('change or remove an owner');
  if (target.status === 'joined' && hasRole(target.role, 'admin')) return ownerOnly('change or remove an admin');
  return null;
}

/**
 * Why the actor may not hand out `role`, or null when they may. Letting someone in goes up to admin for admins;
 * making someone an admin by changing their role, and anything owner, is for owners. Below admin, nothing.
 */
export function grantRefusal(actorRole: Role, role: Role, kind: GrantKind): string | null {
  if (actorRole === 'owner') return null;
  if (!hasRole(actorRole, 'admin')) return 'Only admins and owners of the space hand out roles.';
  if (role === 'owner') return ownerOnly(kind === 'invite' ? 'invite an owner' : 'make someone an owner');
  if (kind === 'change' && role === 'admin') return ownerOnly('make someone an admin');
  return null;
}

/** The roles the actor may hand out, highest first. */
export function grantableRoles(actorRole: Role, kind: GrantKind): Role[] {
  return roles.filter((role) => grantRefusal(actorRole, role, kind) === null);
}

/** Whether the change takes a joined owner away (removed, or given another role): a space keeps one. */
export function removesAnOwner(target: MemberTarget, nextRole: Role | null): boolean {
  return target.status === 'joined' && target.role === 'owner' && nextRole !== 'owner';
}
