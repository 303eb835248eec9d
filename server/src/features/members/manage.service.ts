import type { SpaceUser } from '#contract/spaces.ts';
import type { MembershipStatus } from '#contract/member-rules.ts';
import type { Role } from '#contract/roles.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { AppError } from '../../errors.ts';
import type { MemberDeps } from './member-deps.ts';
import { removesAnOwner } from '#contract/member-rules.ts';
import { assertMayGrant, assertMayManage, lastOwner, type Actor } from './member-rules.ts';
import { memberSelect, toSpaceUser, type MemberRow } from './member-view.ts';
import { sendApproval } from './members-mail.ts';

type Tx = Prisma.TransactionClient;

const removalOf: Record<MembershipStatus, string> = {
  joined: 'member.revoked',
  invited: 'member.invitation_revoked',
  requesting: 'member.request_rejected',
};

/**
 * Member changes of one space run one at a time: the space row is locked first, so two owners demoting each
 * other at the same moment cannot both pass the "another owner remains" check and leave the space without one.
 */
async function inSpaceLock<T>(deps: MemberDeps, spaceId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return deps.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM spaces WHERE id = ${spaceId} FOR UPDATE`;
    return work(tx);
  });
}

async function findTarget(tx: Tx, spaceId: number, userId: string): Promise<MemberRow> {
  const row = await tx.membership.findUnique({ where: { spaceId_userId: { spaceId, userId } }, select: memberSelect });
  if (!row) {
    throw new AppError(
      'not_found',
      'This person is not in the space: no membership, invitation or request (they may have been removed already).',
    );
  }
  return row;
}

const targetOf = (row: MemberRow) => ({ userId: row.user.id, role: row.role, status: row.status });

async function assertAnotherOwner(tx: Tx, spaceId: number): Promise<void> {
  const owners = await tx.membership.count({ where: { spaceId, status: 'joined', role: 'owner' } });
  if (owners <= 1) throw lastOwner();
}

async function audit(tx: Tx, spaceId: number, actor: Actor, action: string, targetId: string, data: object) {
  await tx.auditEvent.create({
    data: { spaceId, actorId: actor.userId, action, targetType: 'user', targetId, data: { ...data } },
    select: { id: true },
  });
}

/** Joined: revokes access; invited: withdraws the invitation; requesting: rejects the request. */
export async function revokeMember(
  deps: MemberDeps,
  spaceId: number,
  actor: Actor,
  userId: string,
): Promise<{ removed: true; previous_status: MembershipStatus }> {
  return inSpaceLock(deps, spaceId, async (tx) => {
    const row = await findTarget(tx, spaceId, userId);
    assertMayManage(actor, targetOf(row));
    if (removesAnOwner(targetOf(row), null)) await assertAnotherOwner(tx, spaceId);
    await tx.membership.delete({ where: { id: row.id }, select: { id: true } });
    await audit(tx, spaceId, actor, removalOf[row.status], userId, { role: row.role });
    return { removed: true as const, previous_status: row.status };
  });
}

/** Lets someone who asked to join in, with a role. */
export async function approveRequest(
  deps: MemberDeps,
  spaceId: number,
  actor: Actor,
  input: { user_id: string; role: Role },
): Promise<{ user: SpaceUser }> {
  assertMayGrant(actor, input.role, 'approve');
  const row = await inSpaceLock(deps, spaceId, async (tx) => {
    const current = await findTarget(tx, spaceId, input.user_id);
    if (current.status === 'joined') throw new AppError('conflict', 'This person is already a member of the space.');
    if (current.status === 'invited') {
      throw new AppError('conflict', 'This person is invited to the space and joins by accepting the invitation.');
    }
    const updated = await tx.membership.update({
      where: { id: current.id },
      data: { status: 'joined', role: input.role },
      select: memberSelect,
    });
    await audit(tx, spaceId, actor, 'member.approved', input.user_id, { role: input.role });
    return updated;
  });
  const space = await deps.prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { name: true } });
  await sendApproval(deps, {
    to: row.user.email,
    spaceName: space.name,
    role: row.role,
    spaceUrl: `${deps.siteUrl}/spaces/${spaceId}/languages`,
  });
  return { user: toSpaceUser(row) };
}

/** Gives a member (or an invitation) another role; the space keeps at least one owner. */
export async function changeRole(
  deps: MemberDeps,
  spaceId: number,
  actor: Actor,
  input: { user_id: string; role: Role },
): Promise<{ user: SpaceUser }> {
  const row = await inSpaceLock(deps, spaceId, async (tx) => {
    const current = await findTarget(tx, spaceId, input.user_id);
    if (current.status === 'requesting') {
      throw new AppError('conflict', 'This person has only asked to join: approve the request with a role instead.');
    }
    assertMayManage(actor, targetOf(current));
    if (current.role === input.role) return current;
    assertMayGrant(actor, input.role, 'change');
    if (removesAnOwner(targetOf(current), input.role)) await assertAnotherOwner(tx, spaceId);
    const updated = await tx.membership.update({
      where: { id: current.id },
      data: { role: input.role },
      select: memberSelect,
    });
    await audit(tx, spaceId, actor, 'member.role_changed', input.user_id, { from: current.role, to: input.role });
    return updated;
  });
  return { user: toSpaceUser(row) };
}
