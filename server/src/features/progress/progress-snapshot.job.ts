import { z } from 'zod';
import type { Database } from '../../db/prisma.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { snapshotLanguages } from './progress.service.ts';

/** Every hour, each language's counts as the day's snapshot: the day's last one is how it ended. */
export function createProgressSnapshotJob(deps: { prisma: Database }) {
  return defineJob({
    name: 'languages.progress-snapshot',
    payload: z.object({}),
    schedule: '7 * * * *',
    retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 600 },
    expireInSeconds: 10 * 60,
    policy: 'singleton',
    handler: async () => {
      await snapshotLanguages(deps.prisma);
    },
  });
}
