import { defineJob } from '../../jobs/define-job.ts';
import { storyWriteBackJob } from './write-back.schedule.ts';
import { recordWriteFailure } from './write-back-state.ts';
import { writeBackFailure, writeBackStory, type WriteBackDeps } from './write-back.service.ts';

/**
 * Writes a story's translations to Storyblok; failures retry with backoff and show on the story. When it gives
 * up (the last retry, or a refused token, which a new token resumes) the story shows the write as failed.
 */
export function createWriteBackJob(deps: WriteBackDeps) {
  return defineJob({
    ...storyWriteBackJob,
    retry: { limit: 8, delaySeconds: 10, maxDelaySeconds: 30 * 60 },
    expireInSeconds: 10 * 60,
    heartbeatSeconds: null,
    concurrency: 2,
    // One queued write per story: saves made while it waits go out with it.
    policy: 'short',
    target: ({ storyId }) => ({ storyId }),
    handler: ({ storyId }) => writeBackStory(deps, storyId),
    onGiveUp: ({ storyId }, error) =>
      recordWriteFailure(deps.prisma, storyId, { status: 'failed', reason: writeBackFailure(error) }),
  });
}
