import { z } from 'zod';
import type { Database } from '../../db/prisma.ts';
import { defineJob, type JobRef } from '../../jobs/define-job.ts';
import { startSync } from './sync.service.ts';

const scheduledSyncJob = {
  name: 'space.scheduled-sync',
  payload: z.object({ spaceId: z.number().int().positive() }),
} satisfies JobRef;

const retry = { limit: 2, delaySeconds: 60, maxDelaySeconds: 600 };

/**
 * Every night (03:00 UTC) each space whose token works gets a full sync, each space as a job of its own so one
 * space's trouble never holds up the others; a space already syncing keeps its running sync.
 */
export function createDailySyncJobs(deps: { prisma: Database }) {
  return [
    defineJob({
      name: 'spaces.daily-sync',
      payload: z.object({}),
      schedule: '0 3 * * *',
      retry,
      expireInSeconds: 10 * 60,
      heartbeatSeconds: null,
      policy: 'short',
      handler: async (_payload, context) => {
        const spaces = await deps.prisma.space.findMany({ where: { hasTokenIssue: false }, select: { id: true } });
        for (const space of spaces) {
          await context.send(scheduledSyncJob, { spaceId: space.id }, { singletonKey: String(space.id) });
        }
        context.logger.info({ spaces: spaces.length }, 'daily sync started');
      },
    }),
    defineJob({
      ...scheduledSyncJob,
      retry,
      expireInSeconds: 60,
      heartbeatSeconds: null,
      policy: 'short',
      target: ({ spaceId }) => ({ spaceId }),
      handler: async ({ spaceId }, context) => {
        await startSync({ prisma: deps.prisma, queue: { send: context.send } }, spaceId, 'scheduled');
      },
    }),
  ];
}
