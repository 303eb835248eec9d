import type { MemoryMatch, TranslatableKey } from '#contract/content.ts';
import type { Database } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { readMemoryMatches } from './memory-matches.ts';
import { toKeyView, type KeyViewRow } from './key-view.ts';
import type { LocaleOfSpace } from './locale-rules.ts';
import { checksAtVersion, rulesAtVersion, rulesVersionSql } from './rules-cache.ts';

/** A key's own columns as statements select them (`k.id, k.key, … k.detail`). */
export interface KeySourceRow {
  id: number;
  key: string;
  hash: string;
  field_type: string;
  component: string;
  field: string;
  value: KeyViewRow['value'];
  value_text: string;
  word_count: number;
  detail: KeyViewRow['detail'];
}

interface KeyRow extends KeySourceRow {
  t_value: KeyViewRow['value'] | null;
  t_value_text: string | null;
  reference_hash: string | null;
  is_needing_formatting: boolean | null;
  verified_source_text: string | null;
  glossary_issues: KeyViewRow['value'] | null;
  ai_score: number | null;
  ai_score_reasons: KeyViewRow['value'] | null;
  updated_at: Date | null;
  ask_status: 'pending' | 'running' | 'failed' | null;
  ask_error: string | null;
  rules_version: bigint | null;
}

/**
 * Every key of a story in the editor's order, with its translation and AI ask in one language. The story
 * screen's main read (a story can hold thousands of keys): one statement of plain joins, rows built by hand,
 * where a relation query would cost three statements and nested objects per key.
 */
export async function readStoryKeys(
  prisma: Database,
  locale: LocaleOfSpace & { hasMemory: boolean },
  storyId: number,
): Promise<TranslatableKey[]> {
  const spaceLocaleId = locale.id;
  const where = Prisma.sql`k.story_id = ${storyId}`;
  const [rows, memory] = await Promise.all([
    prisma.$queryRaw<KeyRow[]>`
    SELECT k.id, k.key, k.hash, k.field_type, k.component, k.field, k.value, k.value_text, k.word_count, k.detail,
           t.value AS t_value, t.value_text AS t_value_text, t.reference_hash, t.is_needing_formatting,
           t.verified_source_text, t.glossary_issues, t.ai_score, t.ai_score_reasons, t.updated_at,
           a.status::text AS ask_status, a.error AS ask_error, ${rulesVersionSql(locale.id)} AS rules_version
    FROM translatable_keys k
    LEFT JOIN translations t ON t.translatable_key_id = k.id AND t.space_locale_id = ${spaceLocaleId}
    LEFT JOIN translation_asks a ON a.translatable_key_id = k.id AND a.space_locale_id = ${spaceLocaleId}
    WHERE ${where}
    ORDER BY k.position, k.id`,
    // A language with nothing verified yet has an empty memory: nothing to look up.
    locale.hasMemory ? readMemoryMatches(prisma, locale, where) : new Map<number, MemoryMatch[]>(),
  ]);
  if (rows.length === 0) return [];
  return keysWithRules(prisma, locale, rows[0]!.rules_version ?? 0n, rows.map(keyViewRow), memory);
}

/** Keys as answered, checked against their language's rules as of `version` (`rulesVersionSql`). */
export async function keysWithRules(
  prisma: Database,
  locale: LocaleOfSpace,
  version: bigint,
  rows: KeyViewRow[],
  memory: ReadonlyMap<number, MemoryMatch[]>,
): Promise<TranslatableKey[]> {
  const checks = checksAtVersion(prisma, locale, version, await rulesAtVersion(prisma, locale, version));
  return rows.map((row) => toKeyView(row, checks(row), memory.get(row.id) ?? []));
}

function keyViewRow(row: KeyRow): KeyViewRow {
  return {
    id: row.id,
    key: row.key,
    hash: row.hash,
    fieldType: row.field_type,
    component: row.component,
    field: row.field,
    value: row.value,
    valueText: row.value_text,
    wordCount: row.word_count,
    detail: row.detail,
    translation:
      row.updated_at === null
        ? null
        : {
            value: row.t_value!,
            valueText: row.t_value_text!,
            referenceHash: row.reference_hash,
            isNeedingFormatting: row.is_needing_formatting ?? false,
            verifiedSourceText: row.verified_source_text,
            glossaryIssues: row.glossary_issues!,
            aiScore: row.ai_score,
            aiScoreReasons: row.ai_score_reasons,
            updatedAt: row.updated_at,
          },
    ask: row.ask_status === null ? null : { status: row.ask_status, error: row.ask_error },
  };
}
