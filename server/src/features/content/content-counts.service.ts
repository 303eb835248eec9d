import type { Database } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';

type Tx = Parameters<Parameters<Database['$transaction']>[0]>[0];

/**
 * Runs a change to the translations of some stories and brings their counts up to date in the same transaction.
 * The stories' rows are locked first (in id order, so two changes never wait on each other in a circle): changes
 * to one story count one after the other, and every count is taken from rows already committed. Each story and
 * language is recounted from the story's own keys, and the difference is added to the language's and the space's
 * totals, so a save costs work in proportion to the stories it touches, never to the space.
 */
export async function withStoryCounts<T>(
  prisma: Database,
  spaceId: number,
  storyIds: number[],
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const ids = [...new Set(storyIds)].sort((a, b) => a - b);
  return prisma.$transaction(async (tx) => {
    if (ids.length > 0)
      await tx.$queryRaw`SELECT id FROM story_nodes WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE`;
    const result = await work(tx);
    if (ids.length > 0) await recountStories(tx, spaceId, ids);
    return result;
  });
}

export interface CountChange {
  storyId: number;
  spaceLocaleId: number;
  /** +1 for a translation made, -1 for one removed. */
  translated: number;
  /** +1 for a translation that became verified, -1 for one that stopped being. */
  verified: number;
}

/**
 * A change to the counts of a story in a language, of the language and of the space, as the WITH items of the
 * statement that makes the change itself (one round trip for both). A story without statistics in the language
 * yet had nothing counted there. The caller has locked what it changes, so it knows how the change moves them.
 */
export function countChangeSql(spaceId: number, change: CountChange): Prisma.Sql {
  const { storyId, spaceLocaleId, translated, verified } = change;
  // Removing a translation is no new translation: the time of the last one stays.
  const at = translated >= 0 ? new Date() : null;
  return Prisma.sql`
    count_story AS (
      INSERT INTO story_locale_stats (story_id, space_locale_id, translated_count, verified_count, last_translation_at)
      VALUES (${storyId}, ${spaceLocaleId}, ${translated}, ${verified}, ${at}::timestamptz)
      ON CONFLICT (story_id, space_locale_id) DO UPDATE SET
        translated_count = story_locale_stats.translated_count + EXCLUDED.translated_count,
        verified_count = story_locale_stats.verified_count + EXCLUDED.verified_count,
        last_translation_at = greatest(story_locale_stats.last_translation_at, EXCLUDED.last_translation_at)
    ),
    count_language AS (
      UPDATE space_locales SET
        translated_key_count = translated_key_count + ${translated},
        verified_key_count = verified_key_count + ${verified},
        last_translation_at = greatest(last_translation_at, ${at}::timestamptz)
      WHERE id = ${spaceLocaleId}
    ),
    count_space AS (
      UPDATE spaces SET translated_keys_count = translated_keys_count + ${translated}
      WHERE id = ${spaceId} AND ${translated} <> 0
    )`;
}

/**
 * Recounts the stories' per-language statistics and adds what changed to the languages and the space. One
 * statement: every part of it reads the statistics as they were before it, so the differences are exact.
 *
 * A story's translations are found through its keys alone, so that the only way to them is the index led by
 * the key: a first sync recounts a story of thousands of keys before PostgreSQL has statistics of the tables it
 * just filled, and joining on the key and the language both let it pick the language's index instead, reading
 * the language's every translation once per key (a 10,000-key story took 15 s).
 */
async function recountStories(tx: Tx, spaceId: number, storyIds: number[]): Promise<void> {
  await tx.$executeRaw`
    WITH counted AS (
      SELECT k.story_id, t.space_locale_id,
             count(*)::int AS translated,
             (count(*) FILTER (WHERE t.reference_hash = k.hash))::int AS verified,
             max(t.updated_at) AS last_at
      FROM translatable_keys k
      JOIN translations t ON t.translatable_key_id = k.id
      WHERE k.story_id = ANY(${storyIds}::int[])
      GROUP BY k.story_id, t.space_locale_id
    ),
    fresh AS (
      SELECT n.id AS story_id, l.id AS space_locale_id, coalesce(c.translated, 0) AS translated,
             coalesce(c.verified, 0) AS verified, c.last_at
      FROM story_nodes n
      JOIN space_locales l ON l.space_id = n.space_id
      LEFT JOIN counted c ON c.story_id = n.id AND c.space_locale_id = l.id
      WHERE n.id = ANY(${storyIds}::int[])
        AND EXISTS (SELECT 1 FROM translatable_keys k WHERE k.story_id = n.id)
    ),
    old AS (
      SELECT story_id, space_locale_id, translated_count, verified_count
      FROM story_locale_stats WHERE story_id = ANY(${storyIds}::int[])
    ),
    stored AS (
      INSERT INTO story_locale_stats (story_id, space_locale_id, translated_count, verified_count, last_translation_at)
      SELECT story_id, space_locale_id, translated, verified, last_at FROM fresh
      ON CONFLICT (story_id, space_locale_id) DO UPDATE SET
        translated_count = EXCLUDED.translated_count,
        verified_count = EXCLUDED.verified_count,
        last_translation_at = EXCLUDED.last_translation_at
    ),
    dropped AS (
      DELETE FROM story_locale_stats s USING old o
      WHERE s.story_id = o.story_id AND s.space_locale_id = o.space_locale_id
        AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.story_id = o.story_id AND f.space_locale_id = o.space_locale_id)
    ),
    delta AS (
      SELECT coalesce(f.space_locale_id, o.space_locale_id) AS space_locale_id,
             sum(coalesce(f.translated, 0) - coalesce(o.translated_count, 0))::int AS translated,
             sum(coalesce(f.verified, 0) - coalesce(o.verified_count, 0))::int AS verified,
             max(f.last_at) AS last_at
      FROM fresh f
      FULL JOIN old o ON o.story_id = f.story_id AND o.space_locale_id = f.space_locale_id
      GROUP BY 1
    ),
    locales AS (
      UPDATE space_locales l SET
        translated_key_count = l.translated_key_count + d.translated,
        verified_key_count = l.verified_key_count + d.verified,
        last_translation_at = greatest(l.last_translation_at, d.last_at)
      FROM delta d
      WHERE l.id = d.space_locale_id
        AND (d.translated <> 0 OR d.verified <> 0 OR d.last_at > coalesce(l.last_translation_at, '-infinity'))
    )
    UPDATE spaces SET translated_keys_count = translated_keys_count + (SELECT coalesce(sum(translated), 0) FROM delta)
    WHERE id = ${spaceId} AND (SELECT coalesce(sum(translated), 0) FROM delta) <> 0`;
}

/**
 * After a sync changed these stories (keys added, changed or removed, translations imported): their statistics
 * and key counts recounted, and the differences added to the languages' and the space's totals, in one
 * transaction. Cost grows with the keys of the stories named, never with the space.
 */
export async function refreshStoryCounts(prisma: Database, spaceId: number, storyIds: number[]): Promise<void> {
  if (storyIds.length === 0) return;
  await withStoryCounts(prisma, spaceId, storyIds, async (tx) => {
    await tx.$executeRaw`
      WITH fresh AS (
        SELECT s.id, s.key_count AS old,
               (SELECT count(*)::int FROM translatable_keys k WHERE k.story_id = s.id) AS count
        FROM story_nodes s WHERE s.id = ANY(${storyIds}::int[])
      ),
      changed AS (
        UPDATE story_nodes n SET key_count = f.count FROM fresh f WHERE n.id = f.id AND n.key_count <> f.count
      )
      UPDATE spaces SET translatable_keys_count = translatable_keys_count + d.delta
      FROM (SELECT coalesce(sum(count - old), 0)::int AS delta FROM fresh) d
      WHERE id = ${spaceId} AND d.delta <> 0`;
  });
}

/** The stories' counts, then the space's totals recomputed from scratch (cost grows with the space). */
export async function refreshCounts(prisma: Database, spaceId: number, storyIds: number[]): Promise<void> {
  await refreshStoryCounts(prisma, spaceId, storyIds);
  await refreshSpaceTotals(prisma, spaceId);
}

/**
 * Sums the per-story counts into each language of the space and into the space itself, from scratch. The
 * languages' rows are locked first, so a save committing meanwhile either is in the sums or adds its difference
 * after them, never lost in between.
 */
export async function refreshSpaceTotals(prisma: Database, spaceId: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM space_locales WHERE space_id = ${spaceId} ORDER BY id FOR UPDATE`;
    await tx.$executeRaw`
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
    await tx.$executeRaw`
      UPDATE spaces SET
        translatable_keys_count = totals.keys,
        translated_keys_count = totals.translated
      FROM (
        SELECT (SELECT count(*)::int FROM translatable_keys WHERE space_id = ${spaceId}) AS keys,
               (SELECT coalesce(sum(translated_key_count), 0)::int FROM space_locales WHERE space_id = ${spaceId}) AS translated
      ) totals
      WHERE id = ${spaceId}
        AND (translatable_keys_count, translated_keys_count) IS DISTINCT FROM (totals.keys, totals.translated)`;
  });
}
