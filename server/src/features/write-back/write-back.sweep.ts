import type { Database } from '../../db/prisma.ts';
import { defineMinuteSweep } from '../../jobs/define-job.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { queueWriteBack } from './write-back.schedule.ts';

/** A story's write is due this long without having gone before the sweep takes it for forgotten. */
const FORGOTTEN_AFTER_SECONDS = 60;

/** The most stories one sweep queues; the next minute takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Queues the write of stories marked pending whose job was never queued: a save commits the mark, then queues
 * the job, and a process that stops between the two leaves the mark alone. A story whose last attempt failed
 * after it was marked is left to the job's own retries and their backoff. Answers the stories it queued.
 */
export async function queueForgottenWriteBacks(deps: {
  prisma: Database;
  queue: Pick<JobQueue, 'send'>;
}): Promise<number[]> {
  const rows = await deps.prisma.$queryRaw<Array<{ story_id: number }>>`
    SELECT story_id FROM story_write_backs
    WHERE status = 'pending' AND due_at < now() - make_interval(secs => ${FORGOTTEN_AFTER_SECONDS})
      AND (failed_at IS NULL OR failed_at < due_at)
    ORDER BY due_at
    LIMIT ${SWEEP_BATCH}`;
  const storyIds = rows.map((row) => row.story_id);
  // A job already waiting for one of them is kept (one queued write per story): queuing again adds nothing.
  await queueWriteBack(deps, storyIds, { now: true });
  return storyIds;
}

/** Each minute, the forgotten writes; rows in the database, so a process stopped at any point loses none. */
export function createWriteBackSweepJob(deps: { prisma: Database }) {
  return defineMinuteSweep('story.write-back-sweep', (send) => queueForgottenWriteBacks({ ...deps, queue: { send } }));
}
