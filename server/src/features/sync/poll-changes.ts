import type { Database } from '../../db/prisma.ts';
import type { StoryblokAccess } from '../../storyblok-access/index.ts';

/** Pages of recent edits looked at per poll; more edits than that since the last poll call for a full sync. */
const MAX_PAGES = 4;
const PER_PAGE = 25;

export interface PollResult {
  /** Storyblok story ids whose Storyblok updated_at differs from what Polyblok has. */
  changed: number[];
  /** Too many edits to follow story by story. */
  needsFullSync: boolean;
}

/**
 * Storyblok sends no webhook for draft saves, so each space is asked, newest edit first, what changed since
 * the newest edit seen last time. A quiet space costs one request. The first poll only sets the cursor (the
 * space's full sync covers everything before it).
 */
export async function pollSpaceChanges(
  deps: { prisma: Database; storyblok: StoryblokAccess },
  spaceId: number,
): Promise<PollResult> {
  const space = await deps.prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { storiesUpdatedCursor: true },
  });
  const storyblok = deps.storyblok.forSpace(spaceId);
  const cursor = space.storiesUpdatedCursor?.getTime() ?? null;
  const candidates: Array<{ id: number; updatedAt: number }> = [];
  let newest = cursor;
  let reachedCursor = false;
  for (let page = 1; page <= MAX_PAGES && !reachedCursor; page += 1) {
    const { stories } = await storyblok.listStories(page, PER_PAGE, 'updated_at:desc');
    for (const story of stories) {
      const updatedAt = story.updated_at ? Date.parse(story.updated_at) : 0;
      newest = Math.max(newest ?? 0, updatedAt);
      if (cursor === null || updatedAt <= cursor) {
        reachedCursor = true;
        break;
      }
      candidates.push({ id: story.id, updatedAt });
    }
    if (stories.length < PER_PAGE) reachedCursor = true;
    if (cursor === null) break;
  }
  if (newest !== null && newest !== cursor) {
    await deps.prisma.space.update({
      where: { id: spaceId },
      data: { storiesUpdatedCursor: new Date(newest) },
      select: { id: true },
    });
  }
  const stored = await deps.prisma.storyNode.findMany({
    where: { spaceId, storyblokId: { in: candidates.map((candidate) => BigInt(candidate.id)) } },
    select: { storyblokId: true, storyblokUpdatedAt: true },
  });
  const storedAt = new Map(
    stored.map((node) => [Number(node.storyblokId), node.storyblokUpdatedAt?.getTime() ?? null]),
  );
  return {
    changed: candidates
      .filter((candidate) => storedAt.get(candidate.id) !== candidate.updatedAt)
      .map((candidate) => candidate.id),
    needsFullSync: cursor !== null && !reachedCursor,
  };
}
