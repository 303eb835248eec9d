import type { Database } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { ComponentSpec } from '../../storyblok-content/component-schema.ts';
import { contentHash } from '../../storyblok-content/content-hash.ts';
import { extractKeys, type ExtractedKey } from '../../storyblok-content/extract-keys.ts';
import { chunks } from './batches.ts';
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

const json = (value: unknown) => value as Prisma.InputJsonValue;

function keyData(key: ExtractedKey) {
  return {
    hash: key.hash,
    fieldType: key.fieldType,
    component: key.component,
    field: key.field,
    value: json(key.value),
    valueText: key.valueText,
    wordCount: key.wordCount,
    position: key.position,
  };
}

/**
 * Brings one story's content into its keys: new fields become keys, changed ones get the new source (their
 * translations stay, and show as outdated where they were verified), vanished ones go. Translations found in
 * Storyblok come in as unverified, unless they are what Polyblok itself wrote there.
 *
 * A story of any size goes in batches of short statements, not one long transaction: each step can be run
 * again, and the story's content hash, written last, says it is done. An import cut short is done again by the
 * next sync, which finds the hash unchanged.
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
  const node = await prisma.storyNode.findUniqueOrThrow({ where: { id: input.nodeId }, select: { contentHash: true } });
  const result: StoryImportResult = {
    changed: node.contentHash !== hash,
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
  for (const ids of chunks(removed)) await prisma.translatableKey.deleteMany({ where: { id: { in: ids } } });
  result.keysRemoved = removed.length;

  const toCreate = extraction.keys.filter((key) => !existingByKey.has(key.key));
  for (const batch of chunks(toCreate)) {
    await prisma.translatableKey.createMany({
      data: batch.map((key) => ({ spaceId: input.spaceId, storyId: input.nodeId, key: key.key, ...keyData(key) })),
      // A story synced twice at once (a webhook during a full sync): the other import made the key already.
      skipDuplicates: true,
    });
  }
  result.keysAdded = toCreate.length;

  const toUpdate = extraction.keys.flatMap((key) => {
    const row = existingByKey.get(key.key);
    const differs = row && (row.hash !== key.hash || row.position !== key.position || row.fieldType !== key.fieldType);
    if (row && row.hash !== key.hash) result.keysChanged += 1;
    return differs ? [{ id: row.id, key }] : [];
  });
  for (const batch of chunks(toUpdate)) await updateKeys(prisma, batch);

  const ids = await prisma.translatableKey.findMany({
    where: { storyId: input.nodeId },
    select: { id: true, key: true },
  });
  const idByKey = new Map(ids.map((row) => [row.key, row.id]));
  const localeId = new Map(input.locales.map((locale) => [locale.code, locale.id]));
  result.translationsImported = await importTranslations(prisma, input.nodeId, extraction.keys, idByKey, localeId);
  await prisma.storyNode.update({ where: { id: input.nodeId }, data: { contentHash: hash }, select: { id: true } });
  return result;
}

/** Changed keys, in one statement per batch: the new source, its hash, kind and place in the story. */
async function updateKeys(prisma: Database, batch: Array<{ id: number; key: ExtractedKey }>): Promise<void> {
  const rows = batch.map(({ id, key }) => ({
    id,
    hash: key.hash,
    field_type: key.fieldType,
    component: key.component,
    field: key.field,
    value: key.value,
    value_text: key.valueText,
    word_count: key.wordCount,
    position: key.position,
  }));
  await prisma.$executeRaw`
    UPDATE translatable_keys k SET
      hash = v.hash, field_type = v.field_type, component = v.component, field = v.field, value = v.value,
      value_text = v.value_text, word_count = v.word_count, position = v.position, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
      id int, hash text, field_type text, component text, field text, value jsonb, value_text text,
      word_count int, position int)
    WHERE k.id = v.id`;
}
