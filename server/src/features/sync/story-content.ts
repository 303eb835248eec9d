import type { Database } from '../../db/prisma.ts';
import type { ComponentSpec } from '../../storyblok-content/component-schema.ts';
import { contentHash } from '../../storyblok-content/content-hash.ts';
import { extractKeys, type ExtractedKey } from '../../storyblok-content/extract-keys.ts';
import { toStorable, toStorableText } from '../../storyblok-content/storable-text.ts';
import { breathe, chunks } from './batches.ts';
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
    components: Map<string, ComponentSpec>;
    locales: LocaleRef[];
  },
): Promise<StoryImportResult> {
  const hash = contentHash(input.content ?? null);
  const extraction = extractKeys(
    input.content,
    input.components,
    input.locales.map((locale) => locale.code),
  );
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

  const existing = await prisma.translatableKey.findMany({
    where: { storyId: input.nodeId },
    select: { id: true, key: true, hash: true, position: true, fieldType: true },
  });
  const existingByKey = new Map(existing.map((row) => [row.key, row]));
  const incoming = new Set(extraction.keys.map((key) => key.key));

  const removed = existing.filter((row) => !incoming.has(row.key)).map((row) => row.id);
  for (const ids of chunks(removed)) {
    await prisma.translatableKey.deleteMany({ where: { id: { in: ids } } });
    await breathe();
  }
  result.keysRemoved = removed.length;

  const toCreate = extraction.keys.filter((key) => !existingByKey.has(key.key));
  for (const batch of chunks(toCreate)) {
    await insertKeys(prisma, input.spaceId, input.nodeId, batch);
    await breathe();
  }
  result.keysAdded = toCreate.length;

  const toUpdate = extraction.keys.flatMap((key) => {
    const row = existingByKey.get(key.key);
    const differs = row && (row.hash !== key.hash || row.position !== key.position || row.fieldType !== key.fieldType);
    if (row && row.hash !== key.hash) result.keysChanged += 1;
    return differs ? [{ id: row.id, key }] : [];
  });
  for (const batch of chunks(toUpdate)) {
    await updateKeys(prisma, batch);
    await breathe();
  }

  const ids = await prisma.translatableKey.findMany({
    where: { storyId: input.nodeId },
    select: { id: true, key: true },
  });
  const idByKey = new Map(ids.map((row) => [row.key, row.id]));
  const localeId = new Map(input.locales.map((locale) => [locale.code, locale.id]));
  result.translationsImported = await importTranslations(prisma, input.nodeId, extraction.keys, idByKey, localeId);
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
    return { failed: reason };
  }
}

/** A key as a row of the statements below (one JSON parameter per batch: cheap to build, whatever the batch). */
function keyRow(key: ExtractedKey) {
  return {
    key: key.key,
    hash: key.hash,
    field_type: key.fieldType,
    component: key.component,
    field: key.field,
    value: toStorable(key.value),
    value_text: toStorableText(key.valueText),
    word_count: key.wordCount,
    position: key.position,
  };
}

/** New keys, in one statement per batch. A story synced twice at once (a webhook during a full sync) may have made some already. */
async function insertKeys(prisma: Database, spaceId: number, storyId: number, batch: ExtractedKey[]): Promise<void> {
  await prisma.$executeRaw`
    INSERT INTO translatable_keys
      (space_id, story_id, key, hash, field_type, component, field, value, value_text, word_count, position, updated_at)
    SELECT ${spaceId}, ${storyId}, v.key, v.hash, v.field_type, v.component, v.field, v.value, v.value_text,
      v.word_count, v.position, now()
    FROM jsonb_to_recordset(${JSON.stringify(batch.map(keyRow))}::jsonb) AS v(
      key text, hash text, field_type text, component text, field text, value jsonb, value_text text,
      word_count int, position int)
    ON CONFLICT (story_id, key) DO NOTHING`;
}

/** Changed keys, in one statement per batch: the new source, its hash, kind and place in the story. */
async function updateKeys(prisma: Database, batch: Array<{ id: number; key: ExtractedKey }>): Promise<void> {
  const rows = batch.map(({ id, key }) => ({ id, ...keyRow(key) }));
  await prisma.$executeRaw`
    UPDATE translatable_keys k SET
      hash = v.hash, field_type = v.field_type, component = v.component, field = v.field, value = v.value,
      value_text = v.value_text, word_count = v.word_count, position = v.position, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
      id int, hash text, field_type text, component text, field text, value jsonb, value_text text,
      word_count int, position int)
    WHERE k.id = v.id`;
}
