import {
  grantRefusal,
  manageRefusal,
  type GrantKind,
  type MemberActor,
  type MemberTarget,
} from '#contract/member-rules.ts';
import type { Role } from '#contract/roles.ts';
import { AppError } from '../../errors.ts';

/** Who acts: the caller, with the role the space guard found (admin or owner on every member route). */
export type Actor = MemberActor;

/** The member rules of the contract, as refusals the API answers with. */
export function assertMayManage(actor: Actor, target: MemberTarget): void {
  const refusal = manageRefusal(actor, target);
  if (refusal) throw new AppError('forbidden', refusal);
}

export function assertMayGrant(actor: Actor, role: Role, how: GrantKind): void {
  const refusal = grantRefusal(actor.role, role, how);
  if (refusal) throw new AppError('forbidden', refusal);
}

export function lastOwner(): AppError {
  return new AppError(
    'conflict',
    'This is the only owner of the space, and a space needs one. Make another member owner first.',
  );
}
