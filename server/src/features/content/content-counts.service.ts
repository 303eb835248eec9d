import type { Database } from '../../db/prisma.ts';

/**
 * Recomputes the per-story, per-locale counts of the given stories, then rolls them up into the space's
 * locales and the space. Cost grows with the keys of the stories named, not with the size of the space, so
 * every change (a sync page, a saved translation) can keep the counts exact and the screens read them directly.
 */
export async function refreshCounts(prisma: Database, spaceId: number, storyIds: number[]): Promise<void> {
  if (storyIds.length > 0) {
    await prisma.$executeRaw`
      DELETE FROM story_locale_stats WHERE story_id = ANY(${storyIds}::int[])`;
    await prisma.$executeRaw`
      INSERT INTO story_locale_stats (story_id, space_locale_id, translated_count, verified_count, last_translation_at)
      SELECT k.story_id, l.id,
             count(t.id)::int,
             (count(t.id) FILTER (WHERE t.reference_hash = k.hash))::int,
             max(t.updated_at)
      FROM translatable_keys k
      JOIN space_locales l ON l.space_id = k.space_id
      LEFT JOIN translations t ON t.translatable_key_id = k.id AND t.space_locale_id = l.id
      WHERE k.story_id = ANY(${storyIds}::int[])
      GROUP BY k.story_id, l.id`;
    await prisma.$executeRaw`
      UPDATE story_nodes n SET key_count = coalesce(c.count, 0)
      FROM (SELECT s.id, (SELECT count(*)::int FROM translatable_keys k WHERE k.story_id = s.id) AS count
            FROM story_nodes s WHERE s.id = ANY(${storyIds}::int[])) c
      WHERE n.id = c.id AND n.key_count <> coalesce(c.count, 0)`;
  }
  await refreshSpaceTotals(prisma, spaceId);
}

/** Sums the per-story counts into each locale of the space and into the space itself. */
export async function refreshSpaceTotals(prisma: Database, spaceId: number): Promise<void> {
  await prisma.$executeRaw`
    UPDATE space_locales l SET
      translated_key_count = coalesce(s.translated, 0),
      verified_key_count = coalesce(s.verified, 0),
      last_translation_at = s.last_at
    FROM space_locales l2
    LEFT JOIN (
      SELECT space_locale_id, sum(translated_count)::int AS translated, sum(verified_count)::int AS verified,
             max(last_translation_at) AS last_at
      FROM story_locale_stats
      WHERE space_locale_id IN (SELECT id FROM space_locales WHERE space_id = ${spaceId})
      GROUP BY space_locale_id
    ) s ON s.space_locale_id = l2.id
    WHERE l.id = l2.id AND l.space_id = ${spaceId}
      AND (l.translated_key_count, l.verified_key_count, l.last_translation_at)
          IS DISTINCT FROM (coalesce(s.translated, 0), coalesce(s.verified, 0), s.last_at)`;
  await prisma.$executeRaw`
    UPDATE spaces SET
      translatable_keys_count = totals.keys,
      translated_keys_count = totals.translated
    FROM (
      SELECT (SELECT count(*)::int FROM translatable_keys WHERE space_id = ${spaceId}) AS keys,
             (SELECT coalesce(sum(translated_key_count), 0)::int FROM space_locales WHERE space_id = ${spaceId}) AS translated
    ) totals
    WHERE id = ${spaceId}
      AND (translatable_keys_count, translated_keys_count) IS DISTINCT FROM (totals.keys, totals.translated)`;
}
