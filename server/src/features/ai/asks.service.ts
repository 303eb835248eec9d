import { AppError } from '../../errors.ts';
import { localeInSpace } from '../content/index.ts';
import { requireTranslator, type AiDeps } from './ai-deps.ts';
import { dailyAllowance, reserveWords } from './ai-quota.ts';
import { aiTranslateJob } from './ai-translate.job.ts';

export interface AskScope {
  scope: 'keys' | 'folder';
  storyNodeId?: number | null;
}

/**
 * Reserves today's words for the keys and queues their AI translation, one job per story, as one batch whose
 * progress can be read and which can be cancelled. Keys with an ask under way are left to it.
 */
export async function askForKeys(
  deps: AiDeps,
  spaceId: number,
  userId: string,
  localeId: number,
  keyIds: number[],
  scope: AskScope,
): Promise<{ batchId: string; asked: number; words: number }> {
  const { prisma } = deps;
  const keys = await prisma.translatableKey.findMany({
    where: { id: { in: keyIds }, spaceId },
    select: {
      id: true,
      storyId: true,
      wordCount: true,
      asks: { where: { spaceLocaleId: localeId, status: { in: ['pending', 'running'] } }, select: { id: true } },
    },
  });
  if (keys.length !== keyIds.length)
    throw new AppError('not_found', 'Some of these keys are not in the space any more; reload the story.');
  const toAsk = keys.filter((key) => key.asks.length === 0);
  const words = toAsk.reduce((sum, key) => sum + key.wordCount, 0);
  await reserveWords(prisma, spaceId, words, await dailyAllowance(prisma, spaceId, deps.wordsWithoutPlan));
  const batch = await prisma.translationBatch.create({
    data: {
      spaceId,
      spaceLocaleId: localeId,
      scope: scope.scope,
      storyNodeId: scope.storyNodeId ?? null,
      requestedById: userId,
      status: toAsk.length > 0 ? 'running' : 'completed',
      total: toAsk.length,
      finishedAt: toAsk.length > 0 ? null : new Date(),
    },
    select: { id: true },
  });
  for (const key of toAsk) {
    await prisma.translationAsk.upsert({
      where: { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: localeId } },
      create: { translatableKeyId: key.id, spaceLocaleId: localeId, batchId: batch.id, requestedById: userId },
      update: { status: 'pending', error: null, attempts: 0, batchId: batch.id, requestedById: userId },
      select: { id: true },
    });
  }
  for (const storyId of new Set(toAsk.map((key) => key.storyId))) {
    await deps.queue.send(aiTranslateJob, { batchId: batch.id, storyId, spaceLocaleId: localeId });
  }
  return { batchId: batch.id, asked: toAsk.length, words };
}

/** The editor's bulk AI ask on selected keys. */
export async function createTranslationAsks(
  deps: AiDeps,
  spaceId: number,
  userId: string,
  input: { translatable_key_ids: number[]; space_locale_id: number },
): Promise<{ batch_id: string; asked: number; words: number }> {
  requireTranslator(deps);
  const locale = await localeInSpace(deps.prisma, spaceId, input.space_locale_id);
  const result = await askForKeys(deps, spaceId, userId, locale.id, [...new Set(input.translatable_key_ids)], {
    scope: 'keys',
  });
  return { batch_id: result.batchId, asked: result.asked, words: result.words };
}
