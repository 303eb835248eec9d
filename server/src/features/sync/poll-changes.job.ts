import { z } from 'zod';
import type { Database } from '../../db/prisma.ts';
import { defineJob, type JobRef } from '../../jobs/define-job.ts';
import type { StoryblokAccess } from '../../storyblok-access/index.ts';
import { pollSpaceChanges } from './poll-changes.ts';
import { queueStorySync, startSync } from './sync.service.ts';

const spacePollJob = {
  name: 'space.poll',
  payload: z.object({ spaceId: z.number().int().positive() }),
} satisfies JobRef;

/**
 * Every ten minutes: the edits made in Storyblok since the last look, each story synced on its own. Each space
 * is polled by a job of its own, so one failing space never keeps the others from being polled.
 */
export function createPollJobs(deps: { prisma: Database; storyblok: StoryblokAccess }) {
  return [
    defineJob({
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
          await context.send(spacePollJob, { spaceId: space.id }, { singletonKey: String(space.id) });
        }
      },
    }),
    defineJob({
      ...spacePollJob,
      retry: { limit: 1, delaySeconds: 60, maxDelaySeconds: 60 },
      expireInSeconds: 5 * 60,
      heartbeatSeconds: null,
      policy: 'short',
      target: ({ spaceId }) => ({ spaceId }),
      handler: async ({ spaceId }, context) => {
        const { changed, needsFullSync } = await pollSpaceChanges(deps, spaceId);
        if (needsFullSync) {
          await startSync({ prisma: deps.prisma, queue: { send: context.send } }, spaceId, 'poll');
          return;
        }
        for (const storyId of changed) await queueStorySync({ send: context.send }, spaceId, storyId);
      },
    }),
  ];
}
