import type { SpaceUser } from '#contract/spaces.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { SpaceMember } from '../../http/space-access.ts';
import { memberSelect, toSpaceUser } from './member-view.ts';

/** Answered when the invitation went away between the guard's check and the change (revoked, or answered twice). */
const invitationGone = () =>
  new AppError(
    'not_found',
    'You have no pending invitation to this space (it may have been revoked, or already answered).',
  );

/** The invited user joins with the role of the invitation. */
export async function acceptInvitation(
  prisma: Database,
  userId: string,
  invitation: SpaceMember,
): Promise<{ user: SpaceUser }> {
  const claimed = await prisma.membership.updateMany({
    where: { id: invitation.membershipId, status: 'invited' },
    data: { status: 'joined' },
  });
  if (claimed.count === 0) throw invitationGone();
  await prisma.auditEvent.create({
    data: {
      spaceId: invitation.spaceId,
      actorId: userId,
      action: 'member.joined',
      targetType: 'user',
      targetId: userId,
    },
    select: { id: true },
  });
  const row = await prisma.membership.findUniqueOrThrow({
    where: { id: invitation.membershipId },
    select: memberSelect,
  });
  return { user: toSpaceUser(row) };
}

/** The invited user says no: the invitation is gone, and an admin may invite them again later. */
export async function declineInvitation(
  prisma: Database,
  userId: string,
  invitation: SpaceMember,
): Promise<{ removed: true }> {
  const removed = await prisma.membership.deleteMany({ where: { id: invitation.membershipId, status: 'invited' } });
  if (removed.count === 0) throw invitationGone();
  await prisma.auditEvent.create({
    data: {
      spaceId: invitation.spaceId,
      actorId: userId,
      action: 'member.declined',
      targetType: 'user',
      targetId: userId,
      data: { role: invitation.role },
    },
    select: { id: true },
  });
  return { removed: true };
}
