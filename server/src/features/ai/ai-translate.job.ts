import { z } from 'zod';
import { isAppError } from '../../errors.ts';
import { defineJob, type JobRef } from '../../jobs/define-job.ts';
import type { AiDeps } from './ai-deps.ts';
import { refundWords } from './ai-quota.ts';
import { finishBatchProgress, translateStoryAsks, type StoryAskScope } from './translate-story.ts';

export const aiTranslateJob = {
  name: 'ai.translate',
  payload: z.object({
    batchId: z.uuid(),
    storyId: z.number().int().positive(),
    spaceLocaleId: z.number().int().positive(),
  }),
} satisfies JobRef;

/**
 * The asks of one story for one locale. The model being unreachable is retried with backoff; when the job gives
 * up, the asks are marked failed with the reason and their words given back.
 */
export function createAiTranslateJob(base: Omit<AiDeps, 'queue'>) {
  return defineJob({
    ...aiTranslateJob,
    retry: { limit: 3, delaySeconds: 15, maxDelaySeconds: 5 * 60 },
    expireInSeconds: 15 * 60,
    // A crashed worker's asks are picked up again within a minute, not when the run would expire.
    heartbeatSeconds: 30,
    concurrency: 2,
    target: ({ storyId, spaceLocaleId }) => ({ storyId, spaceLocaleId }),
    // Follow-up work (the write-back of the new translations) goes through the queue running this job.
    handler: (scope, context) => translateStoryAsks({ ...base, queue: { send: context.send } }, scope),
    // An AppError's message is meant for people: the model's refusal, or its outage rebuilt after the last retry.
    onGiveUp: (scope, error, context) =>
      failAsks({ ...base, queue: { send: context.send } }, scope, isAppError(error) ? error.message : null),
  });
}

async function failAsks(deps: AiDeps, scope: StoryAskScope, reason: string | null): Promise<void> {
  const asks = await deps.prisma.translationAsk.findMany({
    where: {
      batchId: scope.batchId,
      spaceLocaleId: scope.spaceLocaleId,
      status: { in: ['pending', 'running'] },
      translatableKey: { storyId: scope.storyId },
    },
    select: { id: true, translatableKey: { select: { wordCount: true, spaceId: true } } },
  });
  await deps.prisma.translationAsk.updateMany({
    where: { id: { in: asks.map((ask) => ask.id) } },
    data: { status: 'failed', error: reason ?? 'AI translation stopped on an unexpected error.' },
  });
  const spaceId = asks[0]?.translatableKey.spaceId;
  if (spaceId) {
    const words = asks.reduce((sum, ask) => sum + ask.translatableKey.wordCount, 0);
    await refundWords(deps.prisma, spaceId, words);
  }
  await finishBatchProgress(deps, scope.batchId, 0, asks.length);
}
