import type { Database } from '../../db/prisma.ts';
import { localeInSpace } from './content-scope.ts';
import { resolveKey, type KeyRef } from './key-lookup.ts';
import { flatKeyRow, keyViewSelect, statusOf } from './key-view.ts';

/** The other keys of the space with the same source text, with their status and translation in the locale. */
export async function getAssociatedKeys(
  prisma: Database,
  spaceId: number,
  query: KeyRef & { space_locale_id: number; page: number; per_page: number },
) {
  const locale = await localeInSpace(prisma, spaceId, query.space_locale_id);
  const key = await resolveKey(prisma, spaceId, query);
  const where = { spaceId, hash: key.hash, id: { not: key.id } };
  const [total, rows] = await Promise.all([
    prisma.translatableKey.count({ where }),
    prisma.translatableKey.findMany({
      where,
      orderBy: [{ storyId: 'asc' }, { position: 'asc' }],
      skip: (query.page - 1) * query.per_page,
      take: query.per_page,
      select: { ...keyViewSelect(locale.id), storyId: true, story: { select: { name: true } } },
    }),
  ]);
  return {
    content_keys: rows.map(flatKeyRow).map((row) => ({
      id: row.id,
      key: row.key,
      story_id: row.storyId,
      story_name: row.story.name,
      status: statusOf(row),
      value: row.value,
      value_text: row.valueText,
      translated_key_value: row.translation?.value ?? null,
      translated_key_value_text: row.translation?.valueText ?? null,
    })),
    metadata: { total, page: query.page, per_page: query.per_page },
  };
}
