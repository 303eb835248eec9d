import { fromPglite, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Driver } from '../db/driver.ts';
import type { Database } from '../db/prisma.ts';
import type { Logger } from '../logger.ts';
import type { JobContext, JobDefinition, JobRef } from './define-job.ts';
import { runAttempt } from './run-attempt.ts';

export interface SendOptions {
  /** Groups jobs for the job's policy (for 'short' and 'stately', asking again while one waits changes nothing). */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface JobQueue {
  /** Registers the jobs this process runs and starts working; nothing can be sent before. */
  start(jobs: JobDefinition[]): Promise<void>;
  send<P extends z.ZodType>(job: JobRef<P>, payload: z.input<P>, options?: SendOptions): Promise<string | null>;
  isUp(): boolean;
  /** Stops taking work and waits up to timeoutMs for running jobs, which then see their signal fire. */
  stop(timeoutMs: number): Promise<void>;
}

export interface JobQueueOptions {
  driver: Driver;
  /** Where a failed job looks whether what it worked on still exists. */
  prisma: Database;
  logger: Logger;
  /**
   * How often expired jobs (a run whose worker died) are looked for and handed back for a retry. Short,
   * because it is how soon work interrupted by a crash resumes; the check is one cheap query.
   */
  superviseIntervalSeconds?: number;
}

/** Durable jobs on the product's own database (pg-boss), so a job survives a restart of the server. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { driver, prisma, logger } = options;
  const timing = {
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 10,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 10,
  };
  const boss = driver.pglite
    ? new PgBoss({ backend: 'pglite', db: fromPglite(driver.pglite), ...timing })
    : new PgBoss({
        connectionString: (driver.target as { url: string }).url,
        max: 4,
        application_name: 'polyblok-jobs',
        ...timing,
      });
  const known = new Map<string, JobDefinition>();
  const workerIds = new Map<string, string>();
  let state: 'idle' | 'running' | 'stopped' = 'idle';

  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));

  async function register(job: JobDefinition): Promise<void> {
    const queueOptions = {
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: true,
      retryDelayMax: job.retry.maxDelaySeconds,
      expireInSeconds: job.expireInSeconds,
      ...(job.heartbeatSeconds ? { heartbeatSeconds: job.heartbeatSeconds } : {}),
    };
    const existing = await boss.getQueue(job.name);
    if (!existing) await boss.createQueue(job.name, { ...queueOptions, policy: job.policy });
    else if (existing.policy !== job.policy) {
      throw new Error(
        `Queue "${job.name}" exists with policy ${existing.policy}; a new job name is needed to change it`,
      );
    } else await boss.updateQueue(job.name, queueOptions);
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC', singletonKey: 'schedule' });
    else if ((await boss.getSchedules(job.name)).length > 0) await boss.unschedule(job.name);
    const workerId = await boss.work(
      job.name,
      { batchSize: 1, localConcurrency: job.concurrency, pollingIntervalSeconds: 1 },
      async ([raw]) => {
        if (!raw) return;
        const jobLogger = logger.child({ job: job.name, jobId: raw.id, retryCount: raw.retryCount });
        const payload = job.payload.parse(raw.data);
        const context: JobContext = {
          jobId: raw.id,
          retryCount: raw.retryCount,
          signal: raw.signal,
          logger: jobLogger,
          send: (ref, data, options) => api.send(ref, data, options),
        };
        await runAttempt(job, payload, context, prisma);
      },
    );
    workerIds.set(job.name, workerId);
  }

  const api: JobQueue = {
    async start(jobs) {
      if (state !== 'idle') throw new Error('The job queue has been started already');
      for (const job of jobs) known.set(job.name, job);
      await boss.start();
      for (const job of jobs) await register(job);
      state = 'running';
    },
    async send(job, payload, sendOptions = {}) {
      if (!known.has(job.name)) throw new Error(`Job "${job.name}" is not registered with the queue`);
      const data = job.payload.parse(payload) as object;
      const id = await boss.send(job.name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
      // A worker of this process would otherwise wait for its next poll (up to a second) to see the job.
      const workerId = workerIds.get(job.name);
      if (id && workerId && !sendOptions.startAfterSeconds) boss.notifyWorker(workerId);
      return id;
    },
    isUp: () => state === 'running',
    async stop(timeoutMs) {
      if (state === 'stopped') return;
      const wasRunning = state === 'running';
      state = 'stopped';
      if (wasRunning) await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
  return api;
}
