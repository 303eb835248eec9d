import type { Database } from '../db/prisma.ts';
import { AppError } from '../errors.ts';
import type { JobContext, JobTarget } from './define-job.ts';
import { isTargetGone } from './job-targets.ts';

/** What running a job needs of its definition. */
export interface AttemptedJob<P> {
  handler: (payload: P, context: JobContext) => Promise<void>;
  target: ((payload: P) => JobTarget) | null;
  onGiveUp: ((payload: P, error: unknown, context: JobContext) => Promise<void>) | null;
}

/**
 * One attempt at a job, as the queue runs it: the handler, then what its failure means. A failure ends quietly
 * when what the job worked on is gone, and gives up at once (recording why) when retrying cannot help;
 * otherwise it is thrown, and the queue retries the job with backoff. After the last retry the queue hands the
 * run to the job's given-up queue, whose worker records why (`recordGivenUp`).
 */
export async function runAttempt<P>(
  job: AttemptedJob<P>,
  payload: NoInfer<P>,
  context: JobContext,
  prisma: Database,
): Promise<void> {
  try {
    await job.handler(payload, context);
  } catch (error) {
    if (job.target && (await isTargetGone(prisma, job.target(payload)))) {
      context.logger.info('what the job worked on was deleted meanwhile; the job ends');
      return;
    }
    if (error instanceof AppError && !error.retryable) {
      context.logger.warn({ err: error }, 'job stopped: retrying cannot help');
      await job.onGiveUp?.(payload, error, context);
      return;
    }
    context.logger.warn({ err: error }, 'job failed; pg-boss retries it with backoff until the limit');
    throw error;
  }
}

/**
 * A run the queue gave up on (its retries used up, or its worker gone silent once too often): its job records
 * why, unless what it worked on is gone anyway.
 */
export async function recordGivenUp<P>(
  job: Pick<AttemptedJob<P>, 'target' | 'onGiveUp'>,
  payload: NoInfer<P>,
  error: Error,
  context: JobContext,
  prisma: Database,
): Promise<void> {
  if (job.target && (await isTargetGone(prisma, job.target(payload)))) return;
  context.logger.warn({ err: error }, 'job gave up after its last attempt');
  await job.onGiveUp?.(payload, error, context);
}
