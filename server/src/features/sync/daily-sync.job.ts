import { z } from 'zod';
import type { Database } from '../../db/prisma.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { isSpaceGone } from '../spaces/space-gone.ts';
import { startSync } from './sync.service.ts';

/** Every night (03:00 UTC) each space whose token works gets a full sync; a running sync is left alone. */
export function createDailySyncJob(deps: { prisma: Database }) {
  return defineJob({
    name: 'spaces.daily-sync',
    payload: z.object({}),
    schedule: '0 3 * * *',
    retry: { limit: 2, delaySeconds: 60, maxDelaySeconds: 600 },
    expireInSeconds: 10 * 60,
    heartbeatSeconds: null,
    policy: 'short',
    handler: async (_payload, context) => {
      const spaces = await deps.prisma.space.findMany({ where: { hasTokenIssue: false }, select: { id: true } });
      for (const space of spaces) {
        try {
          await startSync({ prisma: deps.prisma, queue: { send: context.send } }, space.id, 'scheduled');
        } catch (error) {
          // A space deleted since the list was read has nothing to sync.
          if (await isSpaceGone(deps.prisma, space.id)) continue;
          throw error;
        }
      }
      context.logger.info({ spaces: spaces.length }, 'daily sync started');
    },
  });
}
