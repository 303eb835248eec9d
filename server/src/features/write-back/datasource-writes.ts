import type { Prisma } from '../../generated/prisma/client.ts';
import { AppError } from '../../errors.ts';
import type { DatasourceDimension, SpaceStoryblok } from '../../storyblok-access/index.ts';
import { contentHash } from '../../storyblok-content/content-hash.ts';
import { dimensionOf, entryIdOfKey } from '../../storyblok-content/datasource-keys.ts';
import { isUnwritten, type TranslationToWrite } from './unwritten-translations.ts';

export interface EntryWrites {
  /** As `<key>|<code>`. */
  written: string[];
  skipped: string[];
  /** The skipped ones whose entry's value changed in Storyblok since the translation was made. */
  sourceChanged: string[];
  /** A datasource has no story version to record. */
  base: null;
  story: null;
}

/**
 * Writes a datasource's translations into Storyblok, each as its entry's value in the dimension its language maps
 * to, one request per entry and language, and only those Storyblok does not hold yet. The entries are read first:
 * an entry whose value an editor changed meanwhile waits for the next sync, and its name and value are sent as
 * Storyblok holds them, so a write never undoes an edit.
 */
export async function writeDatasourceEntries(
  storyblok: SpaceStoryblok,
  datasource: { storyblokId: bigint; dimensions: Prisma.JsonValue | null },
  rows: TranslationToWrite[],
  storyKept: () => Promise<boolean>,
): Promise<EntryWrites | null> {
  const entries = await storyblok.listDatasourceEntries(-Number(datasource.storyblokId), null);
  if (!entries) {
    throw new AppError(
      'not_found',
      'The datasource is no longer in Storyblok; the next sync removes it from Polyblok.',
    );
  }
  if (!(await storyKept())) return null;
  const live = new Map(entries.map((entry) => [entry.id, entry]));
  const dimensions = (Array.isArray(datasource.dimensions)
    ? datasource.dimensions
    : []) as unknown as DatasourceDimension[];
  const result: EntryWrites = { written: [], skipped: [], sourceChanged: [], base: null, story: null };
  for (const row of rows.filter(isUnwritten)) {
    const id = `${row.translatableKey.key}|${row.spaceLocale.code}`;
    const entry = live.get(entryIdOfKey(row.translatableKey.key) ?? -1);
    const dimension = dimensionOf(dimensions, {
      code: row.spaceLocale.code,
      datasourceDimension: row.spaceLocale.datasourceDimension,
    });
    if (!entry || !dimension || typeof row.value !== 'string') {
      result.skipped.push(id);
      continue;
    }
    if (contentHash(entry.value) !== row.translatableKey.hash) {
      result.skipped.push(id);
      result.sourceChanged.push(id);
      continue;
    }
    await storyblok.setDatasourceEntryValue(entry, { id: dimension.id, value: row.value });
    result.written.push(id);
  }
  return result;
}
