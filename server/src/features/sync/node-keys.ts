import type { Database } from '../../db/prisma.ts';
import { canonicalJson } from '../../storyblok-content/content-hash.ts';
import type { ExtractedKey, KeyDetail } from '../../storyblok-content/extract-keys.ts';
import { refreshStoryCounts } from '../content/index.ts';
import { breathe, chunks, readInPages } from './batches.ts';
import { insertKeys, updateKeys } from './key-rows.ts';
import { importTranslations } from './story-translations.ts';

export interface LocaleRef {
  id: number;
  code: string;
}

export interface StoryImportResult {
  changed: boolean;
  keysAdded: number;
  keysChanged: number;
  keysRemoved: number;
  translationsImported: number;
  skippedComponents: Record<string, number>;
}

/** A key's detail as stored (jsonb answers its keys in its own order) against the one just read. */
const sameDetail = (stored: unknown, read: KeyDetail | null) =>
  canonicalJson(stored ?? null) === canonicalJson(read ?? null);

/**
 * Brings a node's keys to what was just read from Storyblok (a story's fields, a datasource's entries): new keys
 * are added, changed ones get the new source (their translations stay, and show as outdated where they were
 * verified), vanished ones go. Translations found in Storyblok come in as unverified, unless they are what
 * Polyblok itself wrote there.
 *
 * A node of any size goes in batches of short statements, not one long transaction: each step can be run again,
 * and the node's content hash, written last, says it is done. An import cut short is done again by the next
 * sync, which finds the hash changed. Nothing is written when the hash is the one stored.
 */
export async function storeNodeKeys(
  prisma: Database,
  input: {
    spaceId: number;
    nodeId: number;
    /** Of what was read, as Storyblok holds it: equal to the stored one, nothing changed. */
    hash: string;
    keys: ExtractedKey[];
    locales: LocaleRef[];
    skippedComponents: Record<string, number>;
  },
): Promise<StoryImportResult> {
  const hash = input.hash;
  const node = await prisma.storyNode.findUniqueOrThrow({
    where: { id: input.nodeId },
    select: { contentHash: true, importError: true },
  });
  const result: StoryImportResult = {
    changed: node.contentHash !== hash || node.importError !== null,
    keysAdded: 0,
    keysChanged: 0,
    keysRemoved: 0,
    translationsImported: 0,
    skippedComponents: input.skippedComponents,
  };
  if (!result.changed) return result;

  // By key, through the story's unique (story_id, key) index: by id, the planner combines the story's index with
  // a range of the whole table's, which costs more the bigger the space.
  const existing = await readInPages(
    (afterKey: string | null, take) =>
      prisma.translatableKey.findMany({
        where: { storyId: input.nodeId, ...(afterKey === null ? {} : { key: { gt: afterKey } }) },
        orderBy: { key: 'asc' },
        take,
        select: { id: true, key: true, hash: true, position: true, fieldType: true, field: true, detail: true },
      }),
    (row) => row.key,
  );
  const existingByKey = new Map(existing.map((row) => [row.key, row]));
  const incoming = new Set(input.keys.map((key) => key.key));

  const removed = existing.filter((row) => !incoming.has(row.key)).map((row) => row.id);
  for (const ids of chunks(removed)) {
    await prisma.translatableKey.deleteMany({ where: { id: { in: ids } } });
    await breathe();
  }
  result.keysRemoved = removed.length;

  const idByKey = new Map(existing.filter((row) => incoming.has(row.key)).map((row) => [row.key, row.id]));
  const toCreate = input.keys.filter((key) => !existingByKey.has(key.key));
  for (const batch of chunks(toCreate)) {
    for (const row of await insertKeys(prisma, input.spaceId, input.nodeId, batch)) idByKey.set(row.key, row.id);
    await breathe();
  }
  result.keysAdded = toCreate.length;

  const toUpdate = input.keys.flatMap((key) => {
    const row = existingByKey.get(key.key);
    const differs =
      row &&
      (row.hash !== key.hash ||
        row.position !== key.position ||
        row.fieldType !== key.fieldType ||
        row.field !== key.field ||
        !sameDetail(row.detail, key.detail));
    if (row && row.hash !== key.hash) result.keysChanged += 1;
    return differs ? [{ id: row.id, key }] : [];
  });
  for (const batch of chunks(toUpdate)) {
    await updateKeys(prisma, batch);
    await breathe();
  }

  // Keys another import of the same story made meanwhile (a webhook during a full sync) were not inserted here.
  const madeElsewhere = toCreate.filter((key) => !idByKey.has(key.key)).map((key) => key.key);
  for (const keys of chunks(madeElsewhere)) {
    const rows = await prisma.translatableKey.findMany({
      where: { storyId: input.nodeId, key: { in: keys } },
      select: { id: true, key: true },
    });
    for (const row of rows) idByKey.set(row.key, row.id);
  }
  const localeId = new Map(input.locales.map((locale) => [locale.code, locale.id]));
  result.translationsImported = await importTranslations(prisma, input.keys, idByKey, localeId);
  // Counted before the content hash says the import is done: an import cut short by a crash is done again,
  // counts and all, by the next attempt.
  await breathe();
  await refreshStoryCounts(prisma, input.spaceId, [input.nodeId]);
  await breathe();
  await prisma.storyNode.update({
    where: { id: input.nodeId },
    data: {
      contentHash: hash,
      importError: null,
      importErrorAt: null,
      skippedComponents: Object.keys(input.skippedComponents).sort(),
    },
    select: { id: true },
  });
  return result;
}
