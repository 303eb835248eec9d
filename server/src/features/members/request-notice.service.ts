import type { NoticeDeps } from './member-deps.ts';
import { sendRequestNotice } from './members-mail.ts';
import { spaceAdmins } from './space-admins.ts';

/**
 * Tells the space's admins and owners that someone asked to join, so a request does not wait unseen on the
 * members page. The requester is named by address only: a display name is theirs to choose, an address is not.
 */
export async function announceRequest(deps: NoticeDeps, spaceId: number, requesterId: string): Promise<void> {
  const [admins, requester] = await Promise.all([
    spaceAdmins(deps.prisma, spaceId),
    deps.prisma.user.findUniqueOrThrow({ where: { id: requesterId }, select: { email: true } }),
  ]);
  for (const email of admins?.emails ?? []) {
    await sendRequestNotice(deps, {
      to: email,
      spaceName: admins!.spaceName,
      requester: requester.email,
      membersUrl: `${deps.siteUrl}/spaces/${spaceId}/users`,
    });
  }
}
