import type { NoticeDeps } from './member-deps.ts';
import { sendRequestNotice } from './members-mail.ts';

/**
 * Tells the space's admins and owners that someone asked to join, so a request does not wait unseen on the
 * members page. The requester is named by address only: a display name is theirs to choose, an address is not.
 */
export async function announceRequest(deps: NoticeDeps, spaceId: number, requesterId: string): Promise<void> {
  const [space, requester] = await Promise.all([
    deps.prisma.space.findUniqueOrThrow({
      where: { id: spaceId },
      select: {
        name: true,
        memberships: {
          where: { status: 'joined', role: { in: ['owner', 'admin'] } },
          select: { user: { select: { email: true } } },
        },
      },
    }),
    deps.prisma.user.findUniqueOrThrow({ where: { id: requesterId }, select: { email: true } }),
  ]);
  for (const admin of space.memberships) {
    await sendRequestNotice(deps, {
      to: admin.user.email,
      spaceName: space.name,
      requester: requester.email,
      membersUrl: `${deps.siteUrl}/spaces/${spaceId}/users`,
    });
  }
}
