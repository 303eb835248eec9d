import { z } from 'zod';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { defineJob, type JobRef } from '../../jobs/define-job.ts';
import type { StoryblokAccess } from '../../storyblok-access/index.ts';
import { sendDueHookEvents } from '../space-hooks/index.ts';
import { finishFailed, runSpaceSync } from './run-space-sync.ts';

export const spaceSyncJob = {
  name: 'space.sync',
  payload: z.object({ syncRunId: z.uuid() }),
} satisfies JobRef;

export interface SpaceSyncJobDeps {
  prisma: Database;
  storyblok: StoryblokAccess;
}

/**
 * Runs a sync run. Interrupted (a restart, a crash, Storyblok down), it is retried with backoff and resumes
 * from its checkpoint; when it gives up (the last retry, or a refused token) the run is marked failed with the
 * reason, so the space can sync again.
 */
export function createSpaceSyncJob(deps: SpaceSyncJobDeps) {
  return defineJob({
    ...spaceSyncJob,
    // Storyblok's own hiccups are ridden out inside a run; a retry is about a crash (a kill, a restart, a lost
    // database), and resumes from the checkpoint soon after it, within a minute however many came before: a
    // silent worker is noticed after its heartbeat, and the wait before a retry never passes fifteen seconds.
    // Twenty of them ride out some minutes of a lost database.
    retry: { limit: 20, delaySeconds: 2, maxDelaySeconds: 15 },
    expireInSeconds: 4 * 60 * 60,
    heartbeatSeconds: 15,
    concurrency: 2,
    target: ({ syncRunId }) => ({ syncRunId }),
    handler: async ({ syncRunId }, context) => {
      await runSpaceSync({ ...deps, logger: context.logger, signal: context.signal }, syncRunId);
      // The run's end (and languages its imports completed) are told to the space's hooks now, not at the sweep.
      const run = await deps.prisma.syncRun.findUnique({ where: { id: syncRunId }, select: { spaceId: true } });
      if (run) await sendDueHookEvents({ prisma: deps.prisma, queue: { send: context.send } }, run.spaceId);
    },
    onGiveUp: async ({ syncRunId }, error, context) => {
      const run = await deps.prisma.syncRun.findUniqueOrThrow({ where: { id: syncRunId }, select: { spaceId: true } });
      const reason =
        error instanceof AppError ? error.message : 'The sync stopped on an unexpected error; it can be started again.';
      await finishFailed(deps.prisma, syncRunId, run.spaceId, reason);
      await sendDueHookEvents({ prisma: deps.prisma, queue: { send: context.send } }, run.spaceId);
    },
  });
}
