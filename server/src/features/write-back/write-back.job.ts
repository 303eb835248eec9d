import { defineJob } from '../../jobs/define-job.ts';
import { sendDueHookEvents } from '../space-hooks/index.ts';
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
    onGiveUp: async ({ storyId }, error, context) => {
      await recordWriteFailure(deps.prisma, storyId, { status: 'failed', reason: writeBackFailure(error) });
      // The failure is told to the space's hooks (the trigger on story_write_backs recorded it).
      const story = await deps.prisma.storyNode.findUnique({ where: { id: storyId }, select: { spaceId: true } });
      if (story) await sendDueHookEvents({ prisma: deps.prisma, queue: { send: context.send } }, story.spaceId);
    },
  });
}
