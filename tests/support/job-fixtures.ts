import { z } from 'zod';
import { defineJob, type JobContext } from '#server/jobs/define-job.ts';

type Payload = { ticket: number };

/** A job that stays 'running' for as long as its handler lets it: used to kill a worker mid-run. */
export function hangingJob(handler: (payload: Payload, context: JobContext) => Promise<void>) {
  return defineJob({
    name: 'test.hang',
    payload: z.object({ ticket: z.number().int() }),
    handler,
    retry: { limit: 3, delaySeconds: 1, maxDelaySeconds: 1 },
    expireInSeconds: 3,
    heartbeatSeconds: null,
  });
}

/** The same, without retries and with a record of giving up: a run whose worker dies is not run again. */
export function hangingJobThatGivesUp(
  handler: (payload: Payload, context: JobContext) => Promise<void>,
  onGiveUp: (payload: Payload, error: unknown) => Promise<void> = async () => undefined,
) {
  return defineJob({
    name: 'test.hang-once',
    payload: z.object({ ticket: z.number().int() }),
    handler,
    onGiveUp,
    retry: { limit: 0, delaySeconds: 1, maxDelaySeconds: 1 },
    expireInSeconds: 3,
    heartbeatSeconds: null,
  });
}
