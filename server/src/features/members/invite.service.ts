import type { z } from 'zod';
import type { inviteResult } from '#contract/members.ts';
import type { MembershipStatus } from '#contract/member-rules.ts';
import type { Role } from '#contract/roles.ts';
import { AppError } from '../../errors.ts';
import { findOrCreateInvitedAccount, invitationLink, invitationLinkNote, type InvitedAccount } from '../auth/index.ts';
import type { MemberDeps } from './member-deps.ts';
import { assertMayGrant, type Actor } from './member-rules.ts';
import { memberSelect, toSpaceUser, type MemberRow } from './member-view.ts';
import { sendActivationInvitation, sendInvitation } from './members-mail.ts';

type InviteResult = z.output<typeof inviteResult>;

const alreadyThere: Record<MembershipStatus, (email: string) => string> = {
  joined: (email) => `${email} is already a member of this space. Nothing was changed.`,
  invited: (email) => `${email} is already invited to this space. Nothing was changed.`,
  requesting: (email) =>
    `${email} has already asked to join this space. Nothing was changed: approve the request under Requesting access.`,
};

const unchanged = (row: MemberRow, email: string): InviteResult => ({
  user: toSpaceUser(row),
  invited: false,
  message: alreadyThere[row.status](email),
});

/**
 * Invites an address with a role. An unknown address gets an account without a password and an e-mail whose
 * link sets the first password; a known one gets an e-mail pointing at the spaces list, where the invitation
 * waits with Join and Decline. An address already in the space, in any status, changes nothing.
 */
export async function inviteUser(
  deps: MemberDeps,
  spaceId: number,
  actor: Actor,
  input: { email: string; role: Role },
): Promise<InviteResult> {
  const email = input.email.trim().toLowerCase();
  assertMayGrant(actor, input.role, 'invite');
  const { prisma } = deps;
  const present = await prisma.membership.findFirst({ where: { spaceId, user: { email } }, select: memberSelect });
  if (present) return unchanged(present, email);
  if (!(await deps.invitations.take(actor.userId))) {
    throw new AppError('rate_limited', 'You have sent many invitations in a short time. Please wait a while.');
  }

  const account = await findOrCreateInvitedAccount(deps.auth, email);
  let row: MemberRow;
  try {
    row = await prisma.membership.create({
      data: { spaceId, userId: account.id, role: input.role, status: 'invited', invitedById: actor.userId },
      select: memberSelect,
    });
  } catch (error) {
    // The same address invited twice at once: the other request's invitation stands.
    if ((error as { code?: unknown } | null)?.code !== 'P2002') throw error;
    return unchanged(
      await prisma.membership.findUniqueOrThrow({
        where: { spaceId_userId: { spaceId, userId: account.id } },
        select: memberSelect,
      }),
      email,
    );
  }
  await prisma.auditEvent.create({
    data: {
      spaceId,
      actorId: actor.userId,
      action: 'member.invited',
      targetType: 'user',
      targetId: account.id,
      data: { role: input.role },
    },
    select: { id: true },
  });
  await mailInvitation(deps, spaceId, actor.userId, account, input.role);
  return {
    user: toSpaceUser(row),
    invited: true,
    message: `${email} is invited as ${input.role}. An invitation e-mail is on its way.`,
  };
}

async function mailInvitation(
  deps: MemberDeps,
  spaceId: number,
  inviterId: string,
  account: InvitedAccount,
  role: Role,
): Promise<void> {
  const [space, inviter] = await Promise.all([
    deps.prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { name: true } }),
    deps.prisma.user.findUniqueOrThrow({ where: { id: inviterId }, select: { name: true, email: true } }),
  ]);
  const mail = { to: account.email, spaceName: space.name, inviter: inviter.name || inviter.email, role };
  if (!account.needsActivation) {
    await sendInvitation(deps, { ...mail, appUrl: `${deps.siteUrl}/` });
    return;
  }
  await sendActivationInvitation(deps, {
    ...mail,
    link: await invitationLink(deps.auth, account.id, account.email),
    linkNote: invitationLinkNote(deps.auth),
    setPasswordUrl: `${deps.siteUrl}/set-password`,
  });
}
