import type { Database, DatabaseTransaction } from '../../db/prisma.ts';
import { declareChange } from '../../db/translation-changes.ts';
import { AppError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { sendDueHookEvents } from '../space-hooks/index.ts';
import { scheduleWriteBack } from '../write-back/index.ts';
import { withStoryCounts } from './content-counts.service.ts';
import { localeInSpace } from './content-scope.ts';
import { resolveKey, type KeyRef } from './key-lookup.ts';

export interface ContentDeps {
  prisma: Database;
  queue: Pick<JobQueue, 'send'>;
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
  await sendDueHookEvents(deps, spaceId);
  return result;
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
  await sendDueHookEvents(deps, spaceId);
  return { updated: others.length };
}
