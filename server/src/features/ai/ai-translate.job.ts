import { z } from 'zod';
import { isAppError } from '../../errors.ts';
import { defineJob, type JobRef } from '../../jobs/define-job.ts';
import type { AiDeps } from './ai-deps.ts';
import { failStoryAsks } from './story-asks.ts';
import { translateStoryAsks } from './translate-story.ts';

export const aiTranslateJob = {
  name: 'ai.translate',
  payload: z.object({
    batchId: z.uuid(),
    storyId: z.number().int().positive(),
    spaceLocaleId: z.number().int().positive(),
    spaceId: z.number().int().positive(),
  }),
} satisfies JobRef;

/**
 * The asks of one story for one locale. The model being unreachable is retried with backoff; when the job gives
 * up, the asks are marked failed with the reason (their words were never charged). Each space gets at most two
 * of the process's three workers, so a big run leaves room for another space's asks.
 */
export function createAiTranslateJob(base: Omit<AiDeps, 'queue'>) {
  return defineJob({
    ...aiTranslateJob,
    // The model client already retries a failed request a few times; these retries ride out a longer outage.
    retry: { limit: 4, delaySeconds: 5, maxDelaySeconds: 2 * 60 },
    expireInSeconds: 15 * 60,
    // A crashed worker's asks are picked up again within half a minute, not when the run would expire.
    heartbeatSeconds: 10,
    concurrency: 3,
    group: { of: ({ spaceId }) => `space-${spaceId}`, concurrency: 2 },
    target: ({ storyId, spaceLocaleId }) => ({ storyId, spaceLocaleId }),
    // Follow-up work (the write-back of the new translations) goes through the queue running this job.
    handler: (scope, context) => translateStoryAsks({ ...base, queue: { send: context.send } }, scope),
    onGiveUp: (scope, error) => failStoryAsks(base.prisma, scope, reasonOf(error)),
  });
}

/**
 * What a person reads on a key whose translation stopped: an AppError's message is meant for them (the model's
 * refusal, or its outage rebuilt after the last retry).
 */
function reasonOf(error: unknown): string {
  return isAppError(error) ? error.message : 'AI translation stopped on an unexpected error.';
}
