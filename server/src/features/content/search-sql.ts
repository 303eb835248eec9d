import type { SearchStatus } from '#contract/search-rules.ts';
import { Prisma } from '../../generated/prisma/client.ts';

/**
 * The pieces of the content search's SQL. `search_text()` (the content_search migration) folds case and accents;
 * the trigram indexes on it answer `LIKE '%...%'`. Keys are read as `k`, their translation in the locale as `t`
 * and an AI ask under way as `a` (see keyJoins).
 */

/** `%words%` folded, with the words' own % _ and \ taken literally. */
export function likePattern(words: string): Prisma.Sql {
  const literal = words.replace(/[\\%_]/g, (char) => `\\${char}`);
  return Prisma.sql`('%' || search_text(${literal}::text) || '%')`;
}

export function keyJoins(spaceLocaleId: number): Prisma.Sql {
  return Prisma.sql`
    LEFT JOIN translations t ON t.translatable_key_id = k.id AND t.space_locale_id = ${spaceLocaleId}
    LEFT JOIN translation_asks a
      ON a.translatable_key_id = k.id AND a.space_locale_id = ${spaceLocaleId} AND a.status <> 'failed'`;
}

/** The key's status exactly as the story detail derives it (key-view.ts statusOf). */
export const statusSql = Prisma.sql`
  CASE WHEN a.id IS NOT NULL THEN 'translation_requested'
       WHEN t.id IS NULL THEN 'missing'
       WHEN t.reference_hash = k.hash THEN 'verified'
       ELSE 'unverified' END`;

/** As the story detail's `is_outdated`: verified once, against a source that has changed since. */
export const outdatedSql = Prisma.sql`(t.reference_hash IS NOT NULL AND t.reference_hash <> k.hash)`;

export function statusFilter(status: SearchStatus | undefined): Prisma.Sql {
  if (status === undefined) return Prisma.sql`TRUE`;
  if (status === 'outdated') return outdatedSql;
  // As last checked: see qa-store.ts, which the callers ask to check what waits first.
  if (status === 'qa_problem') return Prisma.sql`(t.id IS NOT NULL AND t.qa_codes <> '{}')`;
  return Prisma.sql`(${statusSql}) = ${status}`;
}

/** The source or the translation in the locale contains the words. */
export function keyTextMatches(pattern: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(search_text(k.value_text) LIKE ${pattern} OR search_text(t.value_text) LIKE ${pattern})`;
}

/**
 * Keys whose source or translation in the locale contains the words: two lookups that each use their index,
 * where one OR across the join would read every key of the space.
 */
export function textHitsCte(spaceId: number, spaceLocaleId: number, pattern: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`hit AS (
    SELECT k.id FROM translatable_keys k WHERE k.space_id = ${spaceId} AND search_text(k.value_text) LIKE ${pattern}
    UNION
    SELECT t.translatable_key_id FROM translations t
    WHERE t.space_locale_id = ${spaceLocaleId} AND search_text(t.value_text) LIKE ${pattern}
  ),`;
}
