import type { TranslatableKey } from '#contract/content.ts';
import type { Database, DatabaseTransaction } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { declareChange, declareChangeSql } from '../../db/translation-changes.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { scheduleWriteBack } from '../write-back/index.ts';
import { addToCounts, withStoryCounts, withStoryLock } from './content-counts.service.ts';
import { localeInSpace } from './content-scope.ts';
import { keyGone, resolveKey, type KeyRef } from './key-lookup.ts';
import { keyViewSelect, toKeyView } from './key-view.ts';
import { normalizeValue } from './translation-value.ts';

export interface ContentDeps {
  prisma: Database;
  queue: Pick<JobQueue, 'send'>;
}

export interface SaveInput extends KeyRef {
  space_locale_id: number;
  field_type: string;
  value: string | { type: 'doc' };
  reference_hash?: string | null | undefined;
  /** The translation's updated_at the translator started from (null: none); absent, the last save wins. */
  base_updated_at?: string | null | undefined;
}

/**
 * Changes translations of these stories (`work`) in one transaction with their counts, then queues the stories
 * for Storyblok.
 */
export async function changeTranslations<T>(
  deps: ContentDeps,
  spaceId: number,
  storyIds: number[],
  work: (tx: DatabaseTransaction) => Promise<T>,
): Promise<T> {
  const result = await withStoryCounts(deps.prisma, spaceId, storyIds, work);
  await scheduleWriteBack(deps, [...new Set(storyIds)]);
  return result;
}

/**
 * Saves a translator's translation. With the source hash the translator saw it is verified; when that hash
 * is no longer the key's (the source changed meanwhile), nothing is saved and the translator is told. With the
 * translation's `updated_at` the translator started from, a save over someone else's newer one is refused with
 * theirs. An empty value removes the translation. A manual save replaces any AI ask under way for the key.
 */
export async function saveTranslation(
  deps: ContentDeps,
  spaceId: number,
  userId: string,
  input: SaveInput,
  origin: 'manual' | 'revert' = 'manual',
): Promise<TranslatableKey> {
  const { prisma } = deps;
  const locale = await localeInSpace(prisma, spaceId, input.space_locale_id);
  const key = await resolveKey(prisma, spaceId, input);
  if (input.field_type !== key.fieldType) {
    throw new AppError(
      'invalid_request',
      `This key is a ${key.fieldType} field; the translation was sent as ${input.field_type}.`,
      [{ path: 'body.field_type', message: `Expected ${key.fieldType}` }],
    );
  }
  const verifying = input.reference_hash !== undefined && input.reference_hash !== null;
  const normalized = normalizeValue(key.fieldType, input.value);
  const where = { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: locale.id } };
  await withStoryLock(prisma, key.storyId, async (tx) => {
    if (input.base_updated_at !== undefined) await assertUnchangedSince(tx, where, input.base_updated_at);
    // A manual save replaces any AI ask. The key's source and its translation as they are now, under the lock,
    // decide how the counts move (a sync may have changed the source since the key was looked up). The same
    // statement declares who saves, for the history the write below leaves.
    const [now] = await tx.$queryRaw<
      Array<{ hash: string; value_text: string; reference_hash: string | null; translated: boolean }>
    >`
      WITH asks AS (
        DELETE FROM translation_asks WHERE translatable_key_id = ${key.id} AND space_locale_id = ${locale.id}
      ),
      declared AS (${declareChangeSql(origin, userId)})
      SELECT k.hash, k.value_text, t.reference_hash, t.id IS NOT NULL AS translated
      FROM translatable_keys k
      CROSS JOIN declared
      LEFT JOIN translations t ON t.translatable_key_id = k.id AND t.space_locale_id = ${locale.id}
      WHERE k.id = ${key.id}`;
    if (!now) throw keyGone();
    if (verifying && input.reference_hash !== now.hash) {
      throw new AppError(
        'source_changed',
        'The source text changed since you opened this key. Check the new source, then save again.',
      );
    }
    const wasVerified = now.translated && now.reference_hash === now.hash;
    const change = { storyId: key.storyId, spaceLocaleId: locale.id };
    if (normalized.empty) {
      if (!now.translated) return;
      await tx.translation.delete({ where, select: { id: true } });
      await addToCounts(tx, spaceId, { ...change, translated: -1, verified: wasVerified ? -1 : 0 });
      return;
    }
    const data = {
      value: normalized.value as Prisma.InputJsonValue,
      valueText: normalized.valueText,
      isNeedingFormatting: normalized.isNeedingFormatting,
      referenceHash: verifying ? now.hash : null,
      verifiedSourceText: verifying ? now.value_text : null,
      origin: 'manual' as const,
      translatedById: userId,
    };
    // A person's own wording clears the glossary flags an AI translation had.
    await tx.translation.upsert({
      where,
      create: { translatableKeyId: key.id, spaceLocaleId: locale.id, ...data },
      update: { ...data, glossaryIssues: [] },
      select: { id: true },
    });
    await addToCounts(tx, spaceId, {
      ...change,
      translated: now.translated ? 0 : 1,
      verified: Number(verifying) - Number(wasVerified),
    });
  });
  await scheduleWriteBack(deps, [key.storyId]);
  const row = await prisma.translatableKey.findUniqueOrThrow({
    where: { id: key.id },
    select: keyViewSelect(locale.id),
  });
  return toKeyView(row);
}

/** Copies a key's translation to every other key of the space with the same source, in that locale. */
export async function applyToAssociated(
  deps: ContentDeps,
  spaceId: number,
  userId: string,
  input: KeyRef & { space_locale_id: number; verify: boolean },
): Promise<{ updated: number }> {
  const { prisma } = deps;
  const locale = await localeInSpace(prisma, spaceId, input.space_locale_id);
  const key = await resolveKey(prisma, spaceId, input);
  const source = await prisma.translation.findUnique({
    where: { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: locale.id } },
    select: { value: true, valueText: true, isNeedingFormatting: true },
  });
  if (!source) throw new AppError('conflict', 'This key has no translation to apply yet.');
  const others = await prisma.translatableKey.findMany({
    where: { spaceId, hash: key.hash, fieldType: key.fieldType, id: { not: key.id } },
    select: { id: true, hash: true, valueText: true, storyId: true },
  });
  if (others.length === 0) return { updated: 0 };
  const copied = {
    value: source.value as Prisma.InputJsonValue,
    valueText: source.valueText,
    isNeedingFormatting: source.isNeedingFormatting,
    origin: 'manual' as const,
    translatedById: userId,
  };
  const storyIds = others.map((other) => other.storyId);
  await withStoryCounts(prisma, spaceId, storyIds, async (tx) => {
    await declareChange(tx, 'manual', userId);
    for (const other of others) {
      const data = {
        ...copied,
        referenceHash: input.verify ? other.hash : null,
        verifiedSourceText: input.verify ? other.valueText : null,
      };
      await tx.translation.upsert({
        where: { translatableKeyId_spaceLocaleId: { translatableKeyId: other.id, spaceLocaleId: locale.id } },
        create: { translatableKeyId: other.id, spaceLocaleId: locale.id, ...data },
        update: data,
        select: { id: true },
      });
    }
  });
  await scheduleWriteBack(deps, [...new Set(storyIds)]);
  return { updated: others.length };
}

type Tx = Parameters<Parameters<Database['$transaction']>[0]>[0];

/**
 * Refuses a save over a translation someone changed since the translator started from it (or made, when they
 * started from none), answering the translation as it is now so that neither text is lost.
 */
async function assertUnchangedSince(
  tx: Tx,
  where: Prisma.TranslationWhereUniqueInput,
  base: string | null,
): Promise<void> {
  const current = await tx.translation.findUnique({
    where,
    select: {
      value: true,
      valueText: true,
      updatedAt: true,
      translatedBy: { select: { id: true, name: true, email: true } },
    },
  });
  const unchanged =
    current === null ? base === null : base !== null && current.updatedAt.getTime() === Date.parse(base);
  if (unchanged) return;
  const who = current?.translatedBy ? current.translatedBy.name || current.translatedBy.email : null;
  const what = current ? 'changed this translation' : 'removed this translation';
  throw new AppError(
    'translation_changed',
    `${who ?? 'Someone'} ${what} since you started editing it, so yours was not saved. Compare the two and keep one.`,
    {
      current: {
        value: current?.value ?? null,
        value_text: current?.valueText ?? null,
        updated_at: current?.updatedAt.toISOString() ?? null,
        updated_by: current?.translatedBy ?? null,
      },
    },
  );
}
