import type { Colleague } from '#contract/content.ts';
import type { Database } from '../../db/prisma.ts';

/** How long after an editor last said it has a story open its user still counts as there. */
export const PRESENT_FOR_MS = 60_000;

/** The members other than `userId` whose editor had the story open within the last minute (one statement). */
export async function editingNow(prisma: Database, storyId: number, userId: string): Promise<Colleague[]> {
  const rows = await prisma.$queryRaw<Array<{ id: string; name: string | null; email: string }>>`
    SELECT u.id::text, u.name, u.email
    FROM story_presence p JOIN users u ON u.id = p.user_id
    WHERE p.story_id = ${storyId} AND p.user_id <> ${userId}::uuid
      AND p.seen_at > ${new Date(Date.now() - PRESENT_FOR_MS)}
    ORDER BY u.email`;
  return rows.map((user) => ({ user_id: user.id, name: user.name?.trim() || user.email }));
}

/** Records that the user's editor has the story open now, and answers who else has. */
export async function markStoryOpen(
  prisma: Database,
  storyId: number,
  userId: string,
): Promise<{ editing_now: Colleague[] }> {
  const seenAt = new Date();
  await prisma.storyPresence.upsert({
    where: { storyId_userId: { storyId, userId } },
    create: { storyId, userId, seenAt },
    update: { seenAt },
    select: { storyId: true },
  });
  return { editing_now: await editingNow(prisma, storyId, userId) };
}
