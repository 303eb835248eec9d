import type { Database } from '../../db/prisma.ts';

/**
 * The space's name and the addresses of its joined admins and owners: the people who hear of what needs them
 * (a request to join, a token Storyblok refused). Null when the space is gone.
 */
export async function spaceAdmins(
  prisma: Database,
  spaceId: number,
): Promise<{ spaceName: string; emails: string[] } | null> {
  const space = await prisma.space.findUnique({
    where: { id: spaceId },
    select: {
      name: true,
      memberships: {
        where: { status: 'joined', role: { in: ['owner', 'admin'] } },
        select: { user: { select: { email: true } } },
      },
    },
  });
  return space && { spaceName: space.name, emails: space.memberships.map((member) => member.user.email) };
}
