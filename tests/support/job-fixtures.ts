import { z } from 'zod';
import { defineJob, type JobContext } from '#server/jobs/define-job.ts';

/** A job that stays 'running' for as long as its handler lets it: used to kill a worker mid-run. */
export function hangingJob(handler: (payload: { ticket: number }, context: JobContext) => Promise<void>) {
  return defineJob({
    name: 'test.hang',
    payload: z.object({ ticket: z.number().int() }),
    handler,
    retry: { limit: 3, delaySeconds: 1, maxDelaySeconds: 1 },
    expireInSeconds: 3,
    heartbeatSeconds: null,
  });
}
