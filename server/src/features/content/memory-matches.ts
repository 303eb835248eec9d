import type { MemoryMatch } from '#contract/content.ts';
import { MEMORY_MATCH_LIMIT, MEMORY_MIN_SIMILARITY } from '#contract/memory-rules.ts';
import type { Database } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

interface MatchRow {
  key_id: number;
  source_text: string;
  translation_text: string;
  translation_value: unknown;
  story_id: number;
  similarity: number;
}

/**
 * Candidates measured per key: enough to find the best few, and a bound on the work when a space holds many
 * verified translations of nearly one text (a product list, say), where every one of them is a candidate.
 */
const CANDIDATES = 10;

/**
 * The translation memory's matches of the keys `where` picks (`k`) that are not verified in the locale: verified
 * translations in the same language whose source is alike (pg_trgm's similarity, case and accents ignored), each
 * translation once, best first. The very same source is looked up by its hash; alike ones are the verified
 * translations sharing a band of the sketch with the key (see memory-sketch.ts), found through the GIN index of
 * the language's verified translations, so a key costs a few index pages whatever the size of the space.
 * Richtext matches only richtext: a document is no text field's translation, nor back.
 */
export async function readMemoryMatches(
  prisma: Database,
  locale: { id: number; spaceId: number },
  where: Prisma.Sql,
): Promise<Map<number, MemoryMatch[]>> {
  const rows = await prisma.$queryRaw<MatchRow[]>`
    WITH probe AS MATERIALIZED (
      SELECT k.id, k.hash, k.field_type = 'richtext' AS rich, memory_salted(k.memory_bands, ${locale.id}) AS bands,
             search_text(k.value_text) AS folded
      FROM translatable_keys k
      LEFT JOIN translations t ON t.translatable_key_id = k.id AND t.space_locale_id = ${locale.id}
      WHERE ${where} AND k.space_id = ${locale.spaceId}
        AND k.memory_bands <> '{}' AND k.memory_bands <> '{0}'
        AND (t.reference_hash IS NULL OR t.reference_hash <> k.hash)
        -- A language with nothing verified yet has an empty memory: no key is looked up.
        AND EXISTS (SELECT 1 FROM space_locales l WHERE l.id = ${locale.id} AND l.verified_key_count > 0)
    )
    SELECT p.id AS key_id, m.source_text, m.translation_text, m.translation_value, m.story_id, m.similarity
    FROM probe p
    CROSS JOIN LATERAL (
      SELECT * FROM (
        SELECT DISTINCT ON (c.translation_text) c.*
        FROM (
          SELECT k2.value_text AS source_text, t2.value_text AS translation_text, t2.value AS translation_value,
                 k2.story_id,
                 CASE WHEN k2.hash = p.hash THEN 100
                      ELSE least(floor(similarity(search_text(k2.value_text), p.folded) * 100)::int, 99) END
                   AS similarity
          FROM (
            (SELECT s.translatable_key_id, s.value_text, s.value, s.reference_hash
             FROM translatable_keys same
             JOIN translations s ON s.translatable_key_id = same.id AND s.space_locale_id = ${locale.id}
                                AND s.reference_hash = same.hash
             WHERE same.space_id = ${locale.spaceId} AND same.hash = p.hash AND same.id <> p.id
             LIMIT ${MEMORY_MATCH_LIMIT})
            UNION ALL
            (SELECT a.translatable_key_id, a.value_text, a.value, a.reference_hash
             FROM translations a
             WHERE a.memory_bands && p.bands AND a.space_locale_id = ${locale.id} AND a.translatable_key_id <> p.id
             LIMIT ${CANDIDATES})
          ) t2
          JOIN translatable_keys k2 ON k2.id = t2.translatable_key_id AND k2.hash = t2.reference_hash
          WHERE (k2.field_type = 'richtext') = p.rich
        ) c
        WHERE c.similarity >= ${MEMORY_MIN_SIMILARITY}
        ORDER BY c.translation_text, c.similarity DESC, c.story_id
      ) best
      ORDER BY best.similarity DESC, best.story_id
      LIMIT ${MEMORY_MATCH_LIMIT}
    ) m
    ORDER BY p.id, m.similarity DESC, m.story_id`;
  const matches = new Map<number, MemoryMatch[]>();
  for (const row of rows) {
    const list = matches.get(row.key_id) ?? [];
    list.push({
      source_text: row.source_text,
      translation_text: row.translation_text,
      translation_value: row.translation_value,
      similarity: row.similarity,
      story_id: row.story_id,
    });
    matches.set(row.key_id, list);
  }
  return matches;
}
