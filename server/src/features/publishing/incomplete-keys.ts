import type { IncompleteKey } from '#contract/errors.ts';
import type { PublishRequirement } from '#contract/publish-rules.ts';
import type { Database } from '../../db/prisma.ts';
import { keyPath, tableCellOf } from '#contract/content-format/key-naming.ts';

/**
 * The story's keys that keep these languages from being published by the rule: without a translation (an AI
 * ask under way says so), or, when verified ones are needed, with one not verified against the current source.
 */
export async function incompleteKeys(
  prisma: Database,
  storyId: number,
  spaceLocaleIds: number[],
  rule: PublishRequirement,
): Promise<IncompleteKey[]> {
  const rows = await prisma.$queryRaw<
    Array<{
      id: number;
      space_locale_id: number;
      locale: string;
      key: string;
      component: string;
      field: string;
      field_type: string;
      detail: unknown;
      status: string;
    }>
  >`
    SELECT k.id, l.id AS space_locale_id, l.code AS locale, k.key, k.component, k.field, k.field_type, k.detail,
           CASE WHEN t.id IS NOT NULL THEN 'unverified'
                WHEN EXISTS (SELECT 1 FROM translation_asks a
                             WHERE a.translatable_key_id = k.id AND a.space_locale_id = l.id AND a.status <> 'failed')
                  THEN 'translation_requested'
                ELSE 'missing' END AS status
    FROM translatable_keys k
    JOIN space_locales l ON l.space_id = k.space_id AND l.id = ANY(${spaceLocaleIds}::int[])
    LEFT JOIN translations t ON t.translatable_key_id = k.id AND t.space_locale_id = l.id
    WHERE k.story_id = ${storyId}
      AND (t.id IS NULL OR (${rule} = 'verified' AND t.reference_hash IS DISTINCT FROM k.hash))
    ORDER BY l.code, k.position, k.id`;
  return rows.map((row) => ({
    id: row.id,
    space_locale_id: row.space_locale_id,
    locale: row.locale,
    key: row.key,
    field_path: keyPath({ ...row, table_cell: tableCellOf(row.detail) }),
    status: row.status as IncompleteKey['status'],
  }));
}
