import { z } from 'zod';
import type { Database } from '../../db/prisma.ts';
import { defineJob, type JobRef } from '../../jobs/define-job.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { StoryblokAccess } from '../../storyblok-access/index.ts';
import { refreshCounts } from '../content/index.ts';
import { syncDatasources } from './datasource-sync.ts';

export const datasourceSyncJob = {
  name: 'space.datasource-sync',
  payload: z.object({ spaceId: z.number().int().positive() }),
} satisfies JobRef;

/**
 * The space's datasources brought up to date (Storyblok's `datasource.entries_updated`, a language mapped to
 * another dimension); several events while one waits make one read.
 */
export function createDatasourceSyncJob(deps: { prisma: Database; storyblok: StoryblokAccess }) {
  return defineJob({
    ...datasourceSyncJob,
    retry: { limit: 5, delaySeconds: 10, maxDelaySeconds: 10 * 60 },
    expireInSeconds: 10 * 60,
    heartbeatSeconds: null,
    concurrency: 2,
    policy: 'short',
    target: ({ spaceId }) => ({ spaceId }),
    handler: async ({ spaceId }, context) => {
      const report = await syncDatasources(deps.prisma, deps.storyblok.forSpace(spaceId), spaceId, context.signal);
      // Each datasource's counts came up to date with its import; removed ones leave the space's totals to redo.
      if (report.removed > 0) await refreshCounts(deps.prisma, spaceId, []);
    },
  });
}

export async function queueDatasourceSync(queue: Pick<JobQueue, 'send'>, spaceId: number): Promise<void> {
  await queue.send(datasourceSyncJob, { spaceId }, { singletonKey: String(spaceId) });
}
