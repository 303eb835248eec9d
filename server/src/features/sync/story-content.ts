import type { Database } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { ComponentSpec } from '../../storyblok-content/component-schema.ts';
import { contentHash } from '../../storyblok-content/content-hash.ts';
import { extractKeys, type ExtractedKey } from '../../storyblok-content/extract-keys.ts';

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
  const localeId = new Map(input.locales.map((locale) => [locale.code, locale.id]));

  return prisma.$transaction(async (tx) => {
    const node = await tx.storyNode.findUniqueOrThrow({ where: { id: input.nodeId }, select: { contentHash: true } });
    const result: StoryImportResult = {
      changed: node.contentHash !== hash,
      keysAdded: 0,
      keysChanged: 0,
      keysRemoved: 0,
      translationsImported: 0,
      skippedComponents: extraction.skippedComponents,
    };
    if (!result.changed) return result;

    const existing = await tx.translatableKey.findMany({
      where: { storyId: input.nodeId },
      select: { id: true, key: true, hash: true, position: true, fieldType: true },
    });
    const existingByKey = new Map(existing.map((row) => [row.key, row]));
    const incoming = new Set(extraction.keys.map((key) => key.key));

    const removed = existing.filter((row) => !incoming.has(row.key)).map((row) => row.id);
    if (removed.length > 0) await tx.translatableKey.deleteMany({ where: { id: { in: removed } } });
    result.keysRemoved = removed.length;

    const idByKey = new Map<string, number>();
    const toCreate = extraction.keys.filter((key) => !existingByKey.has(key.key));
    if (toCreate.length > 0) {
      const created = await tx.translatableKey.createManyAndReturn({
        data: toCreate.map((key) => ({ spaceId: input.spaceId, storyId: input.nodeId, key: key.key, ...keyData(key) })),
        select: { id: true, key: true },
      });
      for (const row of created) idByKey.set(row.key, row.id);
    }
    result.keysAdded = toCreate.length;
    for (const key of extraction.keys) {
      const row = existingByKey.get(key.key);
      if (!row) continue;
      idByKey.set(key.key, row.id);
      if (row.hash !== key.hash || row.position !== key.position || row.fieldType !== key.fieldType) {
        await tx.translatableKey.update({ where: { id: row.id }, data: keyData(key), select: { id: true } });
        if (row.hash !== key.hash) result.keysChanged += 1;
      }
    }

    result.translationsImported = await importTranslations(tx, extraction.keys, idByKey, localeId);
    await tx.storyNode.update({ where: { id: input.nodeId }, data: { contentHash: hash }, select: { id: true } });
    return result;
  });
}

type Tx = Parameters<Parameters<Database['$transaction']>[0]>[0];

async function importTranslations(
  tx: Tx,
  keys: ExtractedKey[],
  idByKey: Map<string, number>,
  localeId: Map<string, number>,
): Promise<number> {
  const keyIds = [...idByKey.values()];
  const stored = await tx.translation.findMany({
    where: { translatableKeyId: { in: keyIds } },
    select: { id: true, translatableKeyId: true, spaceLocaleId: true, value: true, writtenHash: true },
  });
  const storedBy = new Map(stored.map((row) => [`${row.translatableKeyId}:${row.spaceLocaleId}`, row]));
  let imported = 0;
  for (const key of keys) {
    const keyId = idByKey.get(key.key)!;
    for (const [code, translated] of Object.entries(key.translations)) {
      const spaceLocaleId = localeId.get(code);
      if (spaceLocaleId === undefined) continue;
      const incomingHash = contentHash(translated.value);
      const row = storedBy.get(`${keyId}:${spaceLocaleId}`);
      if (!row) {
        await tx.translation.create({
          data: {
            translatableKeyId: keyId,
            spaceLocaleId,
            value: json(translated.value),
            valueText: translated.valueText,
            origin: 'import',
            writtenHash: incomingHash,
          },
          select: { id: true },
        });
        imported += 1;
      } else if (row.writtenHash !== incomingHash) {
        // Storyblok holds something Polyblok did not write: an editor changed the translation there.
        const sameValue = contentHash(row.value) === incomingHash;
        await tx.translation.update({
          where: { id: row.id },
          data: sameValue
            ? { writtenHash: incomingHash }
            : {
                value: json(translated.value),
                valueText: translated.valueText,
                origin: 'import',
                referenceHash: null,
                writtenHash: incomingHash,
              },
          select: { id: true },
        });
        if (!sameValue) imported += 1;
      }
    }
  }
  return imported;
}
