import type { MembershipStatus, Role } from '#contract/spaces.ts';
import { AppError } from '../../errors.ts';
import { roleRank } from '../../http/space-access.ts';

/** Who acts: the caller, with the role the space guard found (admin or owner on every member route). */
export interface Actor {
  userId: string;
  role: Role;
}

/** Whom the action is about: a membership of the space, in any status. */
export interface Target {
  userId: string;
  role: Role;
  status: MembershipStatus;
}

const ownerOnly = (what: string) => new AppError('forbidden', `Only an owner of the space can ${what}.`);

/**
 * Owners manage everyone; admins manage the people below them (PRODUCT.md: changing the roles of admins is
 * for owners). An invitation is not yet a seat in the space, so an admin may withdraw one up to admin, the
 * highest role an admin can invite with. Stepping down or leaving is everyone's own choice.
 */
export function assertMayManage(actor: Actor, target: Target): void {
  if (actor.role === 'owner' || actor.userId === target.userId) return;
  if (target.role === 'owner') throw ownerOnly('change or remove an owner');
  if (target.status === 'joined' && roleRank[target.role] >= roleRank.admin) {
    throw ownerOnly('change or remove an admin');
  }
}

/**
 * Which roles the actor (an admin or an owner) may hand out. Letting someone in (invite, approve a request) goes
 * up to admin for admins; making someone an admin by changing their role, and anything owner, is for owners.
 */
export function assertMayGrant(actor: Actor, role: Role, how: 'invite' | 'approve' | 'change'): void {
  if (actor.role === 'owner') return;
  if (role === 'owner') {
    throw ownerOnly(how === 'invite' ? 'invite an owner' : 'make someone an owner');
  }
  if (how === 'change' && role === 'admin') throw ownerOnly('make someone an admin');
}

/** Whether the change takes a joined owner away (removed, or given another role). */
export function removesAnOwner(target: Target, nextRole: Role | null): boolean {
  return target.status === 'joined' && target.role === 'owner' && nextRole !== 'owner';
}

export function lastOwner(): AppError {
  return new AppError(
    'conflict',
    'This is the only owner of the space, and a space needs one. Make another member owner first.',
  );
}
