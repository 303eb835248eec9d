import { defineJob } from '../../jobs/define-job.ts';
import { storyWriteBackJob } from './write-back.schedule.ts';
import { writeBackStory, type WriteBackDeps } from './write-back.service.ts';

const retry = { limit: 8, delaySeconds: 10, maxDelaySeconds: 30 * 60 };

/** Writes a story's translations to Storyblok; failures retry with backoff and show on the story. */
export function createWriteBackJob(deps: WriteBackDeps) {
  return defineJob({
    ...storyWriteBackJob,
    retry,
    expireInSeconds: 10 * 60,
    heartbeatSeconds: null,
    concurrency: 2,
    // One queued write per story: saves made while it waits go out with it.
    policy: 'short',
    handler: async ({ storyId }, context) => {
      try {
        await writeBackStory(deps, storyId, { lastAttempt: context.retryCount >= retry.limit });
      } catch (error) {
        // The story went (with its space, or removed by a sync) while it was written: nothing is left to record.
        const story = await deps.prisma.storyNode.findUnique({ where: { id: storyId }, select: { id: true } });
        if (!story) {
          context.logger.info({ storyId }, 'the story was deleted during its write-back; the write-back ends');
          return;
        }
        throw error;
      }
    },
  });
}
