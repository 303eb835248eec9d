import { z } from 'zod';
import type { Logger } from '../logger.ts';

export interface JobContext {
  jobId: string;
  /** 0 on the first run, then 1, 2 ... on retries. */
  retryCount: number;
  /** Fires when the server shuts down and the grace period ends: long handlers stop at the next safe point. */
  signal: AbortSignal;
  logger: Logger;
  /** Queues follow-up work (a scheduled pass fanning out to one job per space or story). */
  send: <P extends z.ZodType>(
    job: JobRef<P>,
    payload: z.input<P>,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ) => Promise<string | null>;
}

export interface RetryPolicy {
  /** Retries after the first failure. */
  limit: number;
  /** Delay before the first retry; it doubles each time (with jitter) up to maxDelaySeconds. */
  delaySeconds: number;
  maxDelaySeconds: number;
}

/**
 * The rows a job works on. When one of them no longer exists (its space was deleted, its story removed by a
 * sync), whatever the job was doing went with it: a failure then ends the job quietly instead of retrying.
 */
export interface JobTarget {
  spaceId?: number;
  storyId?: number;
  spaceLocaleId?: number;
  syncRunId?: string;
}

/**
 * A unit of background work. The payload holds ids only (the handler reads current state from the database),
 * and the handler is idempotent: a job runs at least once, so running it twice must change nothing more.
 */
export interface JobDefinition<Payload extends z.ZodType = z.ZodType> {
  name: string;
  payload: Payload;
  handler: (payload: z.output<Payload>, context: JobContext) => Promise<void>;
  /** What the job works on; null for work about nothing in particular (a scheduled pass, an e-mail). */
  target: ((payload: z.output<Payload>) => JobTarget) | null;
  /**
   * Records that the work stopped for good: called once, at once for an error retrying cannot help (an AppError
   * that is not retryable, such as a refused Storyblok token), or when the retries are used up, including runs
   * whose worker was killed or went silent (those reach it through the job's given-up queue). Runs, asks and
   * write-backs are marked failed with the reason here, so nothing stays "running" forever.
   */
  onGiveUp: ((payload: z.output<Payload>, error: unknown, context: JobContext) => Promise<void>) | null;
  retry: RetryPolicy;
  /** A run taking longer is taken as dead and retried. */
  expireInSeconds: number;
  /**
   * The worker proves it is alive this often (at least 10); a run whose heartbeat stops is retried long
   * before it would expire. Null for short jobs, where expiry alone is soon enough.
   */
  heartbeatSeconds: number | null;
  /** Jobs of this kind running at once in this process. */
  concurrency: number;
  /**
   * Shares the workers between groups (the space a job works for, say): at most `concurrency` jobs of one
   * group run at once across every worker process, and jobs of other groups are taken meanwhile, so one space's
   * long run never makes another space wait. Counted in the database (the group's active jobs): a run of a
   * worker that died holds its group's share until it expires or its heartbeat lapses. Null: jobs are taken in
   * order.
   */
  group: JobGroup<z.output<Payload>> | null;
  /**
   * How jobs with the same singleton key coexist: 'standard' ignores the key; 'short' keeps one queued;
   * 'singleton' one running; 'stately' one queued and one running (a sync asked for during a sync runs once more after it).
   */
  policy: 'standard' | 'short' | 'singleton' | 'stately';
  /**
   * A cron expression (UTC): the queue also runs the job on this schedule, with an empty payload. Kept in
   * the database, so one schedule holds however many servers run.
   */
  schedule: string | null;
}

export interface JobGroup<P> {
  /** The group of a job, from its payload; stable for the job's whole life. */
  of: (payload: P) => string;
  concurrency: number;
}

/** What sending a job needs: its name and payload schema. Features export one so callers need not build the handler. */
export type JobRef<Payload extends z.ZodType = z.ZodType> = Pick<JobDefinition<Payload>, 'name' | 'payload'>;

export const defaultRetry: RetryPolicy = { limit: 5, delaySeconds: 5, maxDelaySeconds: 300 };

const jobNamePattern = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

export function defineJob<Payload extends z.ZodType>(
  definition: Pick<JobDefinition<Payload>, 'name' | 'payload' | 'handler'> & Partial<JobDefinition<Payload>>,
): JobDefinition<Payload> {
  if (!jobNamePattern.test(definition.name)) {
    throw new Error(`Job name "${definition.name}" must be lower-case words joined by dots, like "space.sync"`);
  }
  return {
    retry: defaultRetry,
    expireInSeconds: 15 * 60,
    heartbeatSeconds: 30,
    concurrency: 1,
    group: null,
    policy: 'standard',
    schedule: null,
    target: null,
    onGiveUp: null,
    ...definition,
  };
}

/**
 * A job the queue runs each minute, one run at a time however many workers there are: a sweep that queues the
 * work of rows whose own job was never queued (a process stopped between committing them and queuing it).
 */
export function defineMinuteSweep(name: string, sweep: (send: JobContext['send']) => Promise<unknown>) {
  return defineJob({
    name,
    payload: z.object({}),
    schedule: '* * * * *',
    policy: 'singleton',
    heartbeatSeconds: null,
    expireInSeconds: 60,
    handler: async (_payload, context) => {
      await sweep(context.send);
    },
  });
}
