import type { Database } from '../../db/prisma.ts';

/**
 * Whether the space has been deleted. A job of a deleted space has nothing left to do: whatever it was
 * writing went with the space, so it ends quietly instead of failing and being retried.
 */
export async function isSpaceGone(prisma: Database, spaceId: number): Promise<boolean> {
  const space = await prisma.space.findUnique({ where: { id: spaceId }, select: { id: true } });
  return space === null;
}
