import type { ContentDeps } from './translations.service.ts';
import { declareChangeSql } from '../../db/translation-changes.ts';
import { AppError } from '../../errors.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { sendDueHookEvents } from '../space-hooks/index.ts';
import { pendingWriteBackSql, queueWriteBack } from '../write-back/index.ts';
import type { KeyRef } from './key-lookup.ts';

type VerifyItem = KeyRef & { space_locale_id: number };

interface Changed {
  key: string;
  story_id: number;
  space_locale_id: number;
}

/**
 * Marks translations verified against the current source (or unverified), in bulk, in one statement whatever
 * the number of keys: it finds the keys (a key string in several stories must name its story), locks their
 * stories (as every change of their counts does), changes the translations that are not yet in that state and
 * adds the differences to the counts of the stories, languages and space. The counts change by increments
 * decided on each translation as it is when written, so a save committed meanwhile is never counted twice.
 * The member who verifies is declared in the same statement, for the history the change leaves.
 */
export async function setVerified(
  deps: ContentDeps,
  spaceId: number,
  userId: string,
  items: VerifyItem[],
  verified: boolean,
): Promise<{ updated: number; skipped: string[] }> {
  const keys = items.map((item) => item.key);
  const stories = items.map((item) => item.story_id ?? 0);
  const locales = items.map((item) => item.space_locale_id);
  const rows = await deps.prisma.$queryRaw<Array<Changed & { other_space: boolean }>>`
    WITH declared AS (${declareChangeSql('manual', userId)}),
    items AS (
      SELECT DISTINCT * FROM unnest(${keys}::text[], ${stories}::int[], ${locales}::int[]) AS i(key, story_id, space_locale_id)
    ),
    foreign_locale AS (
      SELECT true AS other_space FROM items i
      WHERE NOT EXISTS (SELECT 1 FROM space_locales l WHERE l.id = i.space_locale_id AND l.space_id = ${spaceId})
      LIMIT 1
    ),
    found AS (
      SELECT i.key, i.space_locale_id, k.id AS key_id, k.story_id, k.hash, k.value_text,
             count(*) OVER (PARTITION BY i.key, i.story_id, i.space_locale_id) AS matches
      FROM items i
      JOIN translatable_keys k ON k.space_id = ${spaceId} AND k.key = i.key AND (i.story_id = 0 OR k.story_id = i.story_id)
      -- Reading the declaration makes it run before any translation changes (the history records it).
      WHERE NOT EXISTS (SELECT 1 FROM foreign_locale) AND (SELECT origin FROM declared) IS NOT NULL
    ),
    locked AS (
      SELECT coalesce(array_agg(id), '{}') AS ids FROM (
        SELECT id FROM story_nodes WHERE id IN (SELECT story_id FROM found WHERE matches = 1) ORDER BY id FOR UPDATE
      ) s
    ),
    ${verified ? verifySql : unverifySql},
    per_story AS (
      SELECT story_id, space_locale_id, sum(verified)::int AS verified FROM changed GROUP BY 1, 2
    ),
    stats AS (
      UPDATE story_locale_stats s SET
        verified_count = s.verified_count + d.verified,
        last_translation_at = greatest(s.last_translation_at, now())
      FROM per_story d WHERE s.story_id = d.story_id AND s.space_locale_id = d.space_locale_id
    ),
    languages AS (
      UPDATE space_locales l SET
        verified_key_count = l.verified_key_count + d.verified,
        last_translation_at = greatest(l.last_translation_at, now())
      FROM (SELECT space_locale_id, sum(verified)::int AS verified FROM per_story GROUP BY 1) d
      WHERE l.id = d.space_locale_id
    ),
    ${pendingWriteBackSql(Prisma.sql`SELECT story_id FROM changed`)}
    SELECT key, story_id, space_locale_id, false AS other_space FROM changed
    UNION ALL SELECT '', 0, 0, other_space FROM foreign_locale`;
  if (rows.some((row) => row.other_space)) {
    throw new AppError('not_found', 'This language is not one of this space’s languages.');
  }
  const changed = new Set(rows.map((row) => `${row.key}\n${row.space_locale_id}`));
  const skipped = items.filter((item) => !changed.has(`${item.key}\n${item.space_locale_id}`)).map((item) => item.key);
  await queueWriteBack(deps, [...new Set(rows.map((row) => row.story_id))]);
  await sendDueHookEvents(deps, spaceId);
  return { updated: rows.length, skipped };
}

// A translation changed only when the state is new; each row changed says how it moves the verified count.
// Every condition is checked again on the translation as it is when written, should a save commit meanwhile.
const verifySql = Prisma.sql`
    changed AS (
      UPDATE translations t SET reference_hash = f.hash, verified_source_text = f.value_text, updated_at = now()
      FROM found f
      WHERE f.matches = 1 AND f.story_id = ANY((SELECT ids FROM locked)::int[])
        AND t.translatable_key_id = f.key_id AND t.space_locale_id = f.space_locale_id
        AND t.reference_hash IS DISTINCT FROM f.hash
      RETURNING f.key, f.story_id, t.space_locale_id, 1 AS verified
    )`;

// A verified translation and an outdated one (verified against an older source) both become unverified; only
// the first was counted as verified. Two statements on disjoint rows say which was which.
const unverifySql = Prisma.sql`
    was_verified AS (
      UPDATE translations t SET reference_hash = NULL, verified_source_text = NULL, updated_at = now()
      FROM found f
      WHERE f.matches = 1 AND f.story_id = ANY((SELECT ids FROM locked)::int[])
        AND t.translatable_key_id = f.key_id AND t.space_locale_id = f.space_locale_id
        AND t.reference_hash = f.hash
      RETURNING f.key, f.story_id, t.space_locale_id, -1 AS verified
    ),
    was_outdated AS (
      UPDATE translations t SET reference_hash = NULL, verified_source_text = NULL, updated_at = now()
      FROM found f
      WHERE f.matches = 1 AND f.story_id = ANY((SELECT ids FROM locked)::int[])
        AND t.translatable_key_id = f.key_id AND t.space_locale_id = f.space_locale_id
        AND t.reference_hash <> f.hash
      RETURNING f.key, f.story_id, t.space_locale_id, 0 AS verified
    ),
    changed AS (SELECT * FROM was_verified UNION ALL SELECT * FROM was_outdated)`;
