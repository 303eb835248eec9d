import { SYNC_PROBLEM_STORIES_LISTED, type SpaceSettings } from '#contract/space-settings.ts';
import type { Database } from '../../db/prisma.ts';
import { UNKNOWN_FAILURE } from './write-back-state.ts';

type FailedStory = SpaceSettings['write_back']['failed_stories'][number];

/**
 * The space's stories whose write to Storyblok failed, the latest first (at most SYNC_PROBLEM_STORIES_LISTED),
 * each with why, when, and the languages whose translations did not go.
 */
export async function failedWriteBackStories(prisma: Database, spaceId: number): Promise<FailedStory[]> {
  const rows = await prisma.storyWriteBack.findMany({
    where: { failedAt: { not: null }, story: { spaceId } },
    orderBy: [{ failedAt: 'desc' }, { storyId: 'asc' }],
    take: SYNC_PROBLEM_STORIES_LISTED,
    select: {
      lastError: true,
      failedAt: true,
      story: {
        select: {
          id: true,
          name: true,
          fullSlug: true,
          writeBacks: {
            where: { failedAt: { not: null } },
            orderBy: { spaceLocale: { code: 'asc' } },
            select: { spaceLocale: { select: { code: true } } },
          },
        },
      },
    },
  });
  return rows.map((row) => ({
    id: row.story.id,
    name: row.story.name,
    full_slug: row.story.fullSlug,
    reason: row.lastError ?? UNKNOWN_FAILURE,
    at: (row.failedAt ?? new Date()).toISOString(),
    locales: row.story.writeBacks.map((locale) => locale.spaceLocale.code),
  }));
}
