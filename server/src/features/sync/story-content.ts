import type { Database } from '../../db/prisma.ts';
import type { ComponentSpec } from '../../storyblok-content/component-schema.ts';
import { canonicalJson, contentHashSteps } from '../../storyblok-content/content-hash.ts';
import { extractKeySteps, type KeyDetail } from '../../storyblok-content/extract-keys.ts';
import { slugKey, storyHash, type StorySlugs } from '../../storyblok-content/translated-slugs.ts';
import { runInSlices } from '../../time-slices.ts';
import { refreshStoryCounts } from '../content/index.ts';
import { breathe, chunks, readInPages } from './batches.ts';
import { insertKeys, updateKeys } from './key-rows.ts';
import { recordImportProblem, storyImportProblem } from './story-import-problem.ts';
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
 * Brings one story's content into its keys: new fields become keys, changed ones get the new source (their
 * translations stay, and show as outdated where they were verified), vanished ones go. Translations found in
 * Storyblok come in as unverified, unless they are what Polyblok itself wrote there.
 *
 * A story of any size goes in batches of short statements, not one long transaction: each step can be run
 * again, and the story's content hash, written last, says it is done. An import cut short is done again by the
 * next sync, which finds the hash changed. Hashes are of the content as Storyblok holds it; values are stored as
 * text PostgreSQL can hold (storable-text.ts).
 */
export async function importStoryContent(
  prisma: Database,
  input: {
    spaceId: number;
    nodeId: number;
    content: unknown;
    /** The story's slug and its languages' slugs, where the space translates slugs. */
    slugs?: StorySlugs;
    components: Map<string, ComponentSpec>;
    locales: LocaleRef[];
  },
): Promise<StoryImportResult> {
  // Reading and hashing a story of thousands of bloks takes long: it goes in slices, so the server keeps answering.
  const hash = storyHash(await runInSlices(contentHashSteps(input.content ?? null)), input.slugs);
  const codes = input.locales.map((locale) => locale.code);
  const extraction = await runInSlices(extractKeySteps(input.content, input.components, codes));
  const slug = input.slugs ? slugKey(input.slugs, codes, extraction.keys.length) : null;
  if (slug) extraction.keys.push(slug);
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
    skippedComponents: extraction.skippedComponents,
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
        select: { id: true, key: true, hash: true, position: true, fieldType: true, detail: true },
      }),
    (row) => row.key,
  );
  const existingByKey = new Map(existing.map((row) => [row.key, row]));
  const incoming = new Set(extraction.keys.map((key) => key.key));

  const removed = existing.filter((row) => !incoming.has(row.key)).map((row) => row.id);
  for (const ids of chunks(removed)) {
    await prisma.translatableKey.deleteMany({ where: { id: { in: ids } } });
    await breathe();
  }
  result.keysRemoved = removed.length;

  const idByKey = new Map(existing.filter((row) => incoming.has(row.key)).map((row) => [row.key, row.id]));
  const toCreate = extraction.keys.filter((key) => !existingByKey.has(key.key));
  for (const batch of chunks(toCreate)) {
    for (const row of await insertKeys(prisma, input.spaceId, input.nodeId, batch)) idByKey.set(row.key, row.id);
    await breathe();
  }
  result.keysAdded = toCreate.length;

  const toUpdate = extraction.keys.flatMap((key) => {
    const row = existingByKey.get(key.key);
    const differs =
      row &&
      (row.hash !== key.hash ||
        row.position !== key.position ||
        row.fieldType !== key.fieldType ||
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
  result.translationsImported = await importTranslations(prisma, extraction.keys, idByKey, localeId);
  // Counted before the content hash says the import is done: an import cut short by a crash is done again,
  // counts and all, by the next attempt.
  await refreshStoryCounts(prisma, input.spaceId, [input.nodeId]);
  await prisma.storyNode.update({
    where: { id: input.nodeId },
    data: {
      contentHash: hash,
      importError: null,
      importErrorAt: null,
      skippedComponents: Object.keys(extraction.skippedComponents).sort(),
    },
    select: { id: true },
  });
  return result;
}

export type StoryImportInput = Parameters<typeof importStoryContent>[1];

/**
 * Imports a story whose failure must not stop what else is being synced: a failure caused by the story's own
 * content is noted on the story (Settings and the story show it) and answered as `{ failed }`; any other
 * failure (Storyblok, the database, a shutdown) is thrown.
 */
export async function importStoryOrNoteProblem(
  prisma: Database,
  input: StoryImportInput,
): Promise<StoryImportResult | { failed: string }> {
  try {
    return await importStoryContent(prisma, input);
  } catch (error) {
    const reason = storyImportProblem(error);
    if (reason === null) throw error;
    await recordImportProblem(prisma, input.nodeId, reason);
    // The story may have come in part of the way: its counts say what it holds.
    await refreshStoryCounts(prisma, input.spaceId, [input.nodeId]);
    return { failed: reason };
  }
}
