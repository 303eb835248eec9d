import type { Database } from '../db/prisma.ts';
import { AppError } from '../errors.ts';
import type { JobContext, JobTarget, RetryPolicy } from './define-job.ts';
import { isTargetGone } from './job-targets.ts';

/**
 * One attempt at a job, as the queue runs it: the handler, then what its failure means. A failure ends quietly
 * when what the job worked on is gone; gives up (recording why) when retrying cannot help or this was the last
 * attempt; otherwise it is thrown, and the queue retries the job with backoff.
 */
export async function runAttempt<P>(
  job: {
    handler: (payload: P, context: JobContext) => Promise<void>;
    target: ((payload: P) => JobTarget) | null;
    onGiveUp: ((payload: P, error: unknown, context: JobContext) => Promise<void>) | null;
    retry: RetryPolicy;
  },
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
    const hopeless = error instanceof AppError && !error.retryable;
    if (hopeless || context.retryCount >= job.retry.limit) await job.onGiveUp?.(payload, error, context);
    if (hopeless) {
      context.logger.warn({ err: error }, 'job stopped: retrying cannot help');
      return;
    }
    context.logger.warn({ err: error }, 'job failed; pg-boss retries it with backoff until the limit');
    throw error;
  }
}
