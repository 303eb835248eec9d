import { z } from 'zod';
import { AiUnavailableError } from '../../adapters/openai/ai-translator.ts';
import { defineJob, type JobRef } from '../../jobs/define-job.ts';
import type { AiDeps } from './ai-deps.ts';
import { refundWords } from './ai-quota.ts';
import { finishBatchProgress, translateStoryAsks } from './translate-story.ts';

export const aiTranslateJob = {
  name: 'ai.translate',
  payload: z.object({
    batchId: z.uuid(),
    storyId: z.number().int().positive(),
    spaceLocaleId: z.number().int().positive(),
  }),
} satisfies JobRef;

const retry = { limit: 3, delaySeconds: 15, maxDelaySeconds: 5 * 60 };

/**
 * The asks of one story for one locale. The model being unreachable is retried with backoff; after the last
 * retry the asks are marked failed with the reason, and their words given back.
 */
export function createAiTranslateJob(base: Omit<AiDeps, 'queue'>) {
  return defineJob({
    ...aiTranslateJob,
    retry,
    expireInSeconds: 15 * 60,
    heartbeatSeconds: null,
    concurrency: 2,
    handler: async (scope, context) => {
      // Follow-up work (the write-back of the new translations) goes through the queue running this job.
      const deps: AiDeps = { ...base, queue: { send: context.send } };
      try {
        await translateStoryAsks(deps, scope);
      } catch (error) {
        // The asks went with their story or language (a deleted space takes both): nothing is left to translate.
        const [story, locale] = await Promise.all([
          deps.prisma.storyNode.findUnique({ where: { id: scope.storyId }, select: { id: true } }),
          deps.prisma.spaceLocale.findUnique({ where: { id: scope.spaceLocaleId }, select: { id: true } }),
        ]);
        if (!story || !locale) {
          context.logger.info(scope, 'the story or its language was deleted during AI translation; the job ends');
          return;
        }
        if (context.retryCount < retry.limit) throw error;
        const reason =
          error instanceof AiUnavailableError ? error.message : 'AI translation stopped on an unexpected error.';
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
          data: { status: 'failed', error: reason },
        });
        const spaceId = asks[0]?.translatableKey.spaceId;
        if (spaceId)
          await refundWords(
            deps.prisma,
            spaceId,
            asks.reduce((sum, ask) => sum + ask.translatableKey.wordCount, 0),
          );
        await finishBatchProgress(deps, scope.batchId, 0, asks.length);
        throw error;
      }
    },
  });
}
