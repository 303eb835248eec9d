import { z } from 'zod';
import type { StoryblokAdapter } from '../../adapters/storyblok/storyblok-adapter.ts';
import { StoryblokError } from '../../adapters/storyblok/storyblok-error.ts';
import type { Database } from '../../db/prisma.ts';
import { defineJob } from '../../jobs/define-job.ts';
import type { AuthFor } from '../spaces/space-credentials.ts';
import { isSpaceGone } from '../spaces/space-gone.ts';
import { pollSpaceChanges } from './poll-changes.ts';
import { storySyncJob } from './story-sync.job.ts';
import { startSync } from './sync.service.ts';

/** Every ten minutes: the edits made in Storyblok since the last look, each synced on its own. */
export function createPollChangesJob(deps: { prisma: Database; storyblok: StoryblokAdapter; authFor: AuthFor }) {
  return defineJob({
    name: 'spaces.poll',
    payload: z.object({}),
    schedule: '*/10 * * * *',
    retry: { limit: 1, delaySeconds: 60, maxDelaySeconds: 60 },
    expireInSeconds: 10 * 60,
    heartbeatSeconds: null,
    policy: 'short',
    handler: async (_payload, context) => {
      // A space in a full sync is being read anyway; one with a refused token waits for a new one.
      const spaces = await deps.prisma.space.findMany({
        where: { hasTokenIssue: false, syncBatchId: null, syncedAt: { not: null } },
        select: { id: true },
      });
      for (const space of spaces) {
        try {
          const { changed, needsFullSync } = await pollSpaceChanges(deps, space.id);
          if (needsFullSync) {
            await startSync({ prisma: deps.prisma, queue: { send: context.send } }, space.id, 'poll');
            continue;
          }
          for (const storyId of changed) {
            await context.send(
              storySyncJob,
              { spaceId: space.id, storyblokStoryId: storyId },
              { singletonKey: `${space.id}:${storyId}` },
            );
          }
        } catch (error) {
          // Deleted while the poll went round: nothing to poll, nothing to mark.
          if (await isSpaceGone(deps.prisma, space.id)) continue;
          if (error instanceof StoryblokError && error.kind === 'unauthorized') {
            await deps.prisma.space.update({
              where: { id: space.id },
              data: { hasTokenIssue: true },
              select: { id: true },
            });
            continue;
          }
          // One space failing must not keep the others from being polled.
          context.logger.warn({ err: error, spaceId: space.id }, 'polling a space failed');
        }
      }
    },
  });
}
