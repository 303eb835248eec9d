import { SYNC_PROBLEM_STORIES_LISTED, type SyncProblems } from '#contract/space-settings.ts';
import type { Database } from '../../db/prisma.ts';

/**
 * What the space's syncs could not bring in, as it stands now: stories whose content failed to import (each with
 * why) and components that stories use but the space's schemas no longer have (with the stories they occur in).
 * Each list names at most SYNC_PROBLEM_STORIES_LISTED stories, most recent failures first.
 */
export async function syncProblems(prisma: Database, spaceId: number): Promise<SyncProblems> {
  const failedWhere = { spaceId, importError: { not: null } };
  const [failed, failedCount, skipped] = await Promise.all([
    prisma.storyNode.findMany({
      where: failedWhere,
      orderBy: [{ importErrorAt: 'desc' }, { id: 'asc' }],
      take: SYNC_PROBLEM_STORIES_LISTED,
      select: { id: true, name: true, fullSlug: true, importError: true, importErrorAt: true },
    }),
    prisma.storyNode.count({ where: failedWhere }),
    prisma.$queryRaw<Array<{ component: string; story_count: number; id: number; name: string; full_slug: string }>>`
      WITH uses AS (
        SELECT unnest(skipped_components) AS component, id, name, full_slug
        FROM story_nodes WHERE space_id = ${spaceId} AND cardinality(skipped_components) > 0
      ), ranked AS (
        SELECT *, count(*) OVER (PARTITION BY component)::int AS story_count,
          row_number() OVER (PARTITION BY component ORDER BY full_slug, id) AS rank
        FROM uses
      )
      SELECT component, story_count, id, name, full_slug FROM ranked
      WHERE rank <= ${SYNC_PROBLEM_STORIES_LISTED} ORDER BY story_count DESC, component, rank`,
  ]);
  const components = new Map<string, SyncProblems['skipped_components'][number]>();
  for (const row of skipped) {
    const entry = components.get(row.component) ?? {
      component: row.component,
      story_count: row.story_count,
      stories: [],
    };
    entry.stories.push({ id: row.id, name: row.name, full_slug: row.full_slug });
    components.set(row.component, entry);
  }
  return {
    failed_stories: failed.map((node) => ({
      id: node.id,
      name: node.name,
      full_slug: node.fullSlug,
      reason: node.importError ?? '',
      at: (node.importErrorAt ?? new Date()).toISOString(),
    })),
    failed_story_count: failedCount,
    skipped_components: [...components.values()],
  };
}
