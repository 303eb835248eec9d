import type { TranslatableKey } from '#contract/content.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { scheduleWriteBack } from '../write-back/index.ts';
import { refreshCounts } from './content-counts.service.ts';
import { localeInSpace } from './content-scope.ts';
import { resolveKey, type KeyRef } from './key-lookup.ts';
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
}

/** After translations of these stories changed: exact counts now, and the stories queued for Storyblok. */
export async function afterTranslationsChanged(deps: ContentDeps, spaceId: number, storyIds: number[]): Promise<void> {
  const unique = [...new Set(storyIds)];
  await refreshCounts(deps.prisma, spaceId, unique);
  await scheduleWriteBack(deps, unique);
}

/**
 * Saves a translator's translation. With the source hash the translator saw it is verified; when that hash
 * is no longer the key's (the source changed meanwhile), nothing is saved and the translator is told. An
 * empty value removes the translation. A manual save replaces any AI ask under way for the key.
 */
export async function saveTranslation(
  deps: ContentDeps,
  spaceId: number,
  userId: string,
  input: SaveInput,
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
  if (verifying && input.reference_hash !== key.hash) {
    throw new AppError(
      'source_changed',
      'The source text changed since you opened this key. Check the new source, then save again.',
    );
  }
  const normalized = normalizeValue(key.fieldType, input.value);
  const where = { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: locale.id } };
  await prisma.$transaction(async (tx) => {
    await tx.translationAsk.deleteMany({ where: { translatableKeyId: key.id, spaceLocaleId: locale.id } });
    if (normalized.empty) {
      await tx.translation.deleteMany({ where: { translatableKeyId: key.id, spaceLocaleId: locale.id } });
      return;
    }
    const data = {
      value: normalized.value as Prisma.InputJsonValue,
      valueText: normalized.valueText,
      isNeedingFormatting: normalized.isNeedingFormatting,
      referenceHash: verifying ? key.hash : null,
      verifiedSourceText: verifying ? key.valueText : null,
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
  });
  await afterTranslationsChanged(deps, spaceId, [key.storyId]);
  const row = await prisma.translatableKey.findUniqueOrThrow({
    where: { id: key.id },
    select: keyViewSelect(locale.id),
  });
  return toKeyView(row);
}

/** Marks translations verified against the current source (or unverified), in bulk. */
export async function setVerified(
  deps: ContentDeps,
  spaceId: number,
  items: Array<KeyRef & { space_locale_id: number }>,
  verified: boolean,
): Promise<{ updated: number; skipped: string[] }> {
  const { prisma } = deps;
  const localeIds = [...new Set(items.map((item) => item.space_locale_id))];
  for (const id of localeIds) await localeInSpace(prisma, spaceId, id);
  const keys = await prisma.translatableKey.findMany({
    where: { spaceId, key: { in: [...new Set(items.map((item) => item.key))] } },
    select: {
      id: true,
      key: true,
      hash: true,
      valueText: true,
      storyId: true,
      translations: {
        where: { spaceLocaleId: { in: localeIds } },
        select: { id: true, spaceLocaleId: true, referenceHash: true },
      },
    },
  });
  const skipped: string[] = [];
  const touched: number[] = [];
  let updated = 0;
  for (const item of items) {
    const candidates = keys.filter((key) => key.key === item.key && (!item.story_id || key.storyId === item.story_id));
    const key = candidates.length === 1 ? candidates[0]! : null;
    const translation = key?.translations.find((row) => row.spaceLocaleId === item.space_locale_id);
    const already =
      translation && (verified ? translation.referenceHash === key!.hash : translation.referenceHash === null);
    if (!key || !translation || already) {
      skipped.push(item.key);
      continue;
    }
    await prisma.translation.update({
      where: { id: translation.id },
      data: verified
        ? { referenceHash: key.hash, verifiedSourceText: key.valueText }
        : { referenceHash: null, verifiedSourceText: null },
      select: { id: true },
    });
    updated += 1;
    touched.push(key.storyId);
  }
  if (touched.length > 0) await afterTranslationsChanged(deps, spaceId, touched);
  return { updated, skipped };
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
  for (const other of others) {
    const data = {
      value: source.value as Prisma.InputJsonValue,
      valueText: source.valueText,
      isNeedingFormatting: source.isNeedingFormatting,
      referenceHash: input.verify ? other.hash : null,
      verifiedSourceText: input.verify ? other.valueText : null,
      origin: 'manual' as const,
      translatedById: userId,
    };
    await prisma.translation.upsert({
      where: { translatableKeyId_spaceLocaleId: { translatableKeyId: other.id, spaceLocaleId: locale.id } },
      create: { translatableKeyId: other.id, spaceLocaleId: locale.id, ...data },
      update: data,
      select: { id: true },
    });
  }
  if (others.length > 0)
    await afterTranslationsChanged(
      deps,
      spaceId,
      others.map((other) => other.storyId),
    );
  return { updated: others.length };
}
