import { z } from 'zod';
import { defineJob, type JobRef } from '../../jobs/define-job.ts';
import { syncOneStory, type StorySyncDeps } from './story-sync.ts';

export const storySyncJob = {
  name: 'story.sync',
  payload: z.object({ spaceId: z.number().int().positive(), storyblokStoryId: z.number().int().positive() }),
} satisfies JobRef;

/** One story brought up to date; several events for a story while one waits make one sync. */
export function createStorySyncJob(deps: StorySyncDeps) {
  return defineJob({
    ...storySyncJob,
    retry: { limit: 5, delaySeconds: 10, maxDelaySeconds: 10 * 60 },
    expireInSeconds: 5 * 60,
    heartbeatSeconds: null,
    concurrency: 2,
    policy: 'short',
    target: ({ spaceId }) => ({ spaceId }),
    handler: async ({ spaceId, storyblokStoryId }) => {
      await syncOneStory(deps, spaceId, storyblokStoryId);
    },
  });
}
