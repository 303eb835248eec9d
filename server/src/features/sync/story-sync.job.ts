import { z } from 'zod';
import { StoryblokError } from '../../adapters/storyblok/storyblok-error.ts';
import { defineJob, type JobRef } from '../../jobs/define-job.ts';
import { isSpaceGone } from '../spaces/space-gone.ts';
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
    handler: async ({ spaceId, storyblokStoryId }, context) => {
      const space = await deps.prisma.space.findUnique({ where: { id: spaceId }, select: { hasTokenIssue: true } });
      if (!space || space.hasTokenIssue) return;
      try {
        await syncOneStory(deps, spaceId, storyblokStoryId);
      } catch (error) {
        if (await isSpaceGone(deps.prisma, spaceId)) {
          context.logger.info({ spaceId }, 'the space was deleted during a story sync; the sync ends');
          return;
        }
        if (error instanceof StoryblokError && error.kind === 'unauthorized') {
          await deps.prisma.space.update({
            where: { id: spaceId },
            data: { hasTokenIssue: true },
            select: { id: true },
          });
          return;
        }
        throw error;
      }
    },
  });
}
