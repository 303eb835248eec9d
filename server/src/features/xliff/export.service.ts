import type { z } from 'zod';
import type { exportXliffQuerySchema } from '#contract/xliff.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { checkBeforeFilter, keyJoins, localeInSpace, statusFilter, storyNotFound } from '../content/index.ts';
import { sourceLanguageTag, targetLanguageTag } from './source-language.ts';
import { unitParts } from './xliff-units.ts';
import { writeXliff, type XliffFile } from './xliff-write.ts';

export type ExportQuery = z.output<typeof exportXliffQuerySchema>;

interface ExportedKey {
  story_id: number;
  full_slug: string;
  key: string;
  field_type: string;
  component: string;
  field: string;
  value: unknown;
  value_text: string;
  t_value: unknown;
}

/** The stories a query names: one story, a folder's whole subtree, or the space; with a name for the file. */
async function scopeOf(prisma: Database, spaceId: number, query: ExportQuery) {
  const id = query.story_id ?? query.folder_id;
  if (id === undefined) {
    const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { name: true } });
    return { filter: Prisma.sql`TRUE`, name: space.name };
  }
  const node = await prisma.storyNode.findFirst({
    where: { id, spaceId, isFolder: query.folder_id !== undefined },
    select: { id: true, path: true, slug: true, fullSlug: true },
  });
  if (!node && query.story_id !== undefined) throw storyNotFound();
  if (!node)
    throw new AppError(
      'not_found',
      'This folder is not in the space (it may have been moved or deleted in Storyblok).',
    );
  if (query.story_id !== undefined) return { filter: Prisma.sql`s.id = ${node.id}`, name: node.fullSlug || node.slug };
  const subtree = `${node.path.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return { filter: Prisma.sql`s.path LIKE ${subtree}`, name: node.fullSlug || node.slug };
}

/** A file name of plain letters, digits and dashes, whatever the slug or the space's name holds. */
function fileName(scope: string, code: string): string {
  const slug = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/[^a-zA-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 80);
  return `${slug(scope) || 'polyblok'}-${slug(code) || 'translation'}.xlf`;
}

/**
 * The language's keys of a story, a folder's subtree or the space as XLIFF 2.0: a `<file>` per story, a `<unit>`
 * per key (its id the key), sources with their translations as targets; `status` keeps the keys of that status.
 */
export async function exportXliff(
  prisma: Database,
  spaceId: number,
  query: ExportQuery,
): Promise<{ file_name: string; document: string }> {
  const locale = await localeInSpace(prisma, spaceId, query.space_locale_id);
  const scope = await scopeOf(prisma, spaceId, query);
  await checkBeforeFilter(prisma, { id: locale.id, spaceId }, query.status);
  const keys = await prisma.$queryRaw<ExportedKey[]>`
    SELECT s.id AS story_id, s.full_slug, k.key, k.field_type, k.component, k.field, k.value, k.value_text,
           t.value AS t_value
    FROM translatable_keys k
    JOIN story_nodes s ON s.id = k.story_id
    ${keyJoins(locale.id)}
    WHERE k.space_id = ${spaceId} AND ${scope.filter} AND ${statusFilter(query.status)}
    ORDER BY s.full_slug, s.id, k.position, k.id`;
  if (keys.length === 0) {
    throw new AppError('not_found', 'No keys of this language match what you chose to export: nothing to translate.');
  }
  const files = new Map<number, XliffFile>();
  for (const key of keys) {
    let file = files.get(key.story_id);
    if (!file) {
      file = { id: String(key.story_id), original: key.full_slug, units: [] };
      files.set(key.story_id, file);
    }
    file.units.push({
      id: key.key,
      note: `${key.component} › ${key.field} (${key.field_type})`,
      parts: unitParts({ fieldType: key.field_type, value: key.value, valueText: key.value_text }, key.t_value),
    });
  }
  const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { defaultLocaleName: true } });
  return {
    file_name: fileName(scope.name, locale.code),
    document: writeXliff(sourceLanguageTag(space.defaultLocaleName), targetLanguageTag(locale.code), [
      ...files.values(),
    ]),
  };
}
