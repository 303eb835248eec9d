import { z } from 'zod';
import type { StoryblokAdapter } from '../../adapters/storyblok/storyblok-adapter.ts';
import { StoryblokError } from '../../adapters/storyblok/storyblok-error.ts';
import type { Database } from '../../db/prisma.ts';
import { defineJob, type JobRef } from '../../jobs/define-job.ts';
import type { AuthFor } from '../spaces/space-credentials.ts';
import { finishFailed, runSpaceSync } from './run-space-sync.ts';

export const spaceSyncJob = {
  name: 'space.sync',
  payload: z.object({ syncRunId: z.uuid() }),
} satisfies JobRef;

const retry = { limit: 5, delaySeconds: 30, maxDelaySeconds: 15 * 60 };

export interface SpaceSyncJobDeps {
  prisma: Database;
  storyblok: StoryblokAdapter;
  authFor: AuthFor;
}

/**
 * Runs a sync run. Interrupted (a restart, a crash, Storyblok down), it is retried with backoff and resumes
 * from its checkpoint; after the last retry the run is marked failed so the space can sync again.
 */
export function createSpaceSyncJob(deps: SpaceSyncJobDeps) {
  return defineJob({
    ...spaceSyncJob,
    retry,
    expireInSeconds: 4 * 60 * 60,
    heartbeatSeconds: 30,
    concurrency: 2,
    handler: async ({ syncRunId }, context) => {
      try {
        await runSpaceSync({ ...deps, logger: context.logger, signal: context.signal }, syncRunId);
      } catch (error) {
        // The run goes with its space: deleted during the sync, the space has nothing left to sync into.
        const run = await deps.prisma.syncRun.findUnique({ where: { id: syncRunId }, select: { spaceId: true } });
        if (!run) {
          context.logger.info({ syncRunId }, 'the space was deleted during its sync; the sync ends');
          return;
        }
        if (context.retryCount >= retry.limit) {
          const reason =
            error instanceof StoryblokError
              ? error.message
              : 'The sync stopped on an unexpected error; it can be started again.';
          await finishFailed(deps.prisma, syncRunId, run.spaceId, reason);
        }
        throw error;
      }
    },
  });
}
