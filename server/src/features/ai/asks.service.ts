import { AppError } from '../../errors.ts';
import { localeInSpace } from '../content/content-scope.ts';
import { requireTranslator, type AiDeps } from './ai-deps.ts';
import { dailyAllowance, reserveWords } from './ai-quota.ts';
import { aiTranslateJob } from './ai-translate.job.ts';

/** Reserves today's words for the keys and queues their AI translation, one job per story. */
export async function createTranslationAsks(
  deps: AiDeps,
  spaceId: number,
  userId: string,
  input: { translatable_key_ids: number[]; space_locale_id: number },
): Promise<{ batch_id: string; asked: number; words: number }> {
  requireTranslator(deps);
  const { prisma } = deps;
  const locale = await localeInSpace(prisma, spaceId, input.space_locale_id);
  const ids = [...new Set(input.translatable_key_ids)];
  const keys = await prisma.translatableKey.findMany({
    where: { id: { in: ids }, spaceId },
    select: {
      id: true,
      storyId: true,
      wordCount: true,
      asks: { where: { spaceLocaleId: locale.id, status: { in: ['pending', 'running'] } }, select: { id: true } },
    },
  });
  if (keys.length !== ids.length)
    throw new AppError('not_found', 'Some of these keys are not in the space any more; reload the story.');
  const toAsk = keys.filter((key) => key.asks.length === 0);
  const words = toAsk.reduce((sum, key) => sum + key.wordCount, 0);
  await reserveWords(prisma, spaceId, words, await dailyAllowance(prisma, spaceId, deps.wordsWithoutPlan));
  const batch = await prisma.translationBatch.create({
    data: {
      spaceId,
      spaceLocaleId: locale.id,
      scope: 'keys',
      requestedById: userId,
      status: toAsk.length > 0 ? 'running' : 'completed',
      total: toAsk.length,
    },
    select: { id: true },
  });
  for (const key of toAsk) {
    await prisma.translationAsk.upsert({
      where: { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: locale.id } },
      create: { translatableKeyId: key.id, spaceLocaleId: locale.id, batchId: batch.id, requestedById: userId },
      update: { status: 'pending', error: null, attempts: 0, batchId: batch.id, requestedById: userId },
      select: { id: true },
    });
  }
  const stories = [...new Set(toAsk.map((key) => key.storyId))];
  for (const storyId of stories)
    await deps.queue.send(aiTranslateJob, { batchId: batch.id, storyId, spaceLocaleId: locale.id });
  return { batch_id: batch.id, asked: toAsk.length, words };
}
