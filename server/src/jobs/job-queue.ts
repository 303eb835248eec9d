import { fromPglite, PgBoss, type Db } from 'pg-boss';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import type { Driver } from '../db/driver.ts';
import type { Database, DatabaseTransaction } from '../db/prisma.ts';
import type { Logger } from '../logger.ts';
import type { JobContext, JobDefinition, JobRef } from './define-job.ts';
import { givenUpError, givenUpQueueOf } from './given-up.ts';
import { failOrphanedRuns } from './orphaned-runs.ts';
import { recordGivenUp, runAttempt } from './run-attempt.ts';
import { hasGroupTurn } from './group-turn.ts';
import { createWakeTimers, retryWakeSeconds, watchDueJobs } from './wake-timers.ts';

export interface SendOptions {
  /** Groups jobs for the job's policy (for 'short' and 'stately', asking again while one waits changes nothing). */
  singletonKey?: string;
  startAfterSeconds?: number;
  /**
   * Queues the job as part of this transaction: it exists only if the transaction commits, so the rows it is
   * about and the job that works on them are never one without the other. A worker sees it at its next poll.
   */
  transaction?: DatabaseTransaction;
}

export interface InTransaction {
  transaction?: DatabaseTransaction;
}

export interface JobQueue {
  /** Registers the jobs this process runs and starts working; nothing can be sent before. */
  start(jobs: JobDefinition[]): Promise<void>;
  send<P extends z.ZodType>(job: JobRef<P>, payload: z.input<P>, options?: SendOptions): Promise<string | null>;
  /** Queues many jobs of one kind in one statement (a run over a folder's stories). */
  sendMany<P extends z.ZodType>(job: JobRef<P>, payloads: Array<z.input<P>>, options?: InTransaction): Promise<void>;
  /**
   * Cancels the jobs of this kind that have not started (waiting, or waiting for a retry) and whose payload
   * contains `match`; answers their payloads. A job already running is left to finish.
   */
  cancelWaiting<P extends z.ZodType>(
    job: JobRef<P>,
    match: Partial<z.output<P>>,
    options?: InTransaction,
  ): Promise<Array<z.output<P>>>;
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
   * How often expired jobs (a run whose worker died) are looked for and handed back for a retry, and how often
   * an idle worker looks for jobs no notification told it about (a retry or a delayed job sent by another
   * process): how soon work interrupted by a crash elsewhere resumes. Every look is a statement, so an idle
   * server's cost is in proportion to it.
   */
  superviseIntervalSeconds?: number;
  /**
   * Whether this queue is the only one working on the database, so that a job found running at start was cut
   * off by the end of the last process. True on the embedded database (one process holds it), unless said.
   */
  soleWorker?: boolean;
  /**
   * Whether this process works jobs (true) or only sends them (a web replica): one that only sends neither polls,
   * nor supervises, nor fires schedules; the workers do.
   */
  works?: boolean;
}

/** An id no job has, to read a queue without finding anything. */
const NO_JOB = '00000000-0000-0000-0000-000000000000';

/** Durable jobs on the product's own database (pg-boss), so a job survives a restart of the server. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { driver, prisma, logger } = options;
  const works = options.works ?? true;
  // Supervising finds the jobs of a worker that died (their heartbeat stopped): every 30 s, so such a job resumes
  // within a minute of the crash, at a few statements a minute.
  const superviseSeconds = options.superviseIntervalSeconds ?? 30;
  // A job sent is announced with NOTIFY (in the sender's transaction, so at its commit), which wakes the workers
  // of every process at once; polling is only the floor under that. The schedules are looked at twice a minute.
  // A process that only serves HTTP sends jobs and leaves supervising and schedules to the workers.
  const timing = {
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    cronWorkerIntervalSeconds: 30,
    // Flows (jobs waiting for other jobs) are not used: their poller need not run every five seconds.
    flowIntervalSeconds: 300,
    useListenNotify: true,
    ...(works ? {} : { supervise: false, schedule: false }),
  };
  // Each worker's own poll is a last resort: jobs due now are announced, jobs come due later are looked for by
  // watchDueJobs for all queues at once.
  const polling = { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 300 };
  const dueEverySeconds = Math.min(10, superviseSeconds);
  /** A job past its group's share goes back to the queue for this long (see hasGroupTurn). */
  const GIVE_WAY_SECONDS = 2;
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
  /** Every worker of this process on the queue looks for a job now instead of at its next poll. */
  function wakeQueue(name: string): void {
    if (state !== 'running') return;
    for (const worker of boss.getWipData()) if (worker.name === name) boss.notifyWorker(worker.id);
  }
  const wakes = createWakeTimers(wakeQueue);
  let state: 'idle' | 'running' | 'stopped' = 'idle';
  let dueJobs: { stop: () => void } | null = null;

  // While the database is away every poll of every worker fails until it is back, which pg-boss rides out by
  // itself: a line each, without the connection object such an error carries.
  boss.on('error', (error) => {
    if (isDatabaseUnavailable(error)) logger.warn({ reason: error.message }, 'job queue waits for the database');
    else logger.error({ err: error }, 'job queue error');
  });

  /** Creates the queue, or brings its options up to date (a policy cannot change: it needs a new job name). */
  async function ensureQueue(name: string, policy: JobDefinition['policy'], queueOptions: Record<string, unknown>) {
    const existing = await boss.getQueue(name);
    if (!existing) await boss.createQueue(name, { ...queueOptions, policy });
    else if (existing.policy !== policy) {
      throw new Error(`Queue "${name}" exists with policy ${existing.policy}; a new job name is needed to change it`);
    } else await boss.updateQueue(name, queueOptions);
  }

  function contextOf(raw: { id: string; retryCount: number; signal: AbortSignal }, name: string): JobContext {
    return {
      jobId: raw.id,
      retryCount: raw.retryCount,
      signal: raw.signal,
      logger: logger.child({ job: name, jobId: raw.id, retryCount: raw.retryCount }),
      send: (ref, data, sendOptions) => api.send(ref, data, sendOptions),
    };
  }

  /** pg-boss statements run through the caller's transaction (pg-boss's own `db` option). */
  function through(transaction: DatabaseTransaction | undefined): { db?: Db } {
    if (!transaction) return {};
    return {
      db: {
        executeSql: async (text, values = []) => ({
          rows: await transaction.$queryRawUnsafe<unknown[]>(text, ...values),
        }),
      },
    };
  }

  function definitionOf(ref: JobRef): JobDefinition {
    const job = known.get(ref.name);
    if (!job) throw new Error(`Job "${ref.name}" is not registered with the queue`);
    return job;
  }

  function groupOf(job: JobDefinition, data: unknown): { group?: { id: string } } {
    return job.group ? { group: { id: job.group.of(data) } } : {};
  }

  async function register(job: JobDefinition): Promise<void> {
    const givenUp = givenUpQueueOf(job.name);
    // Runs that stop for good land in a queue of their own, whose worker records why: so does a run whose
    // worker was killed once too often, which no handler of ours could see.
    if (job.onGiveUp) {
      await ensureQueue(givenUp, 'standard', {
        notify: true,
        retryLimit: 5,
        retryDelay: 10,
        retryBackoff: true,
        expireInSeconds: 120,
      });
    }
    await ensureQueue(job.name, job.policy, {
      notify: true,
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: true,
      retryDelayMax: job.retry.maxDelaySeconds,
      expireInSeconds: job.expireInSeconds,
      ...(job.heartbeatSeconds ? { heartbeatSeconds: job.heartbeatSeconds } : {}),
      ...(job.onGiveUp ? { deadLetter: givenUp } : {}),
    });
    if (!works) return;
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC', singletonKey: 'schedule' });
    else if ((await boss.getSchedules(job.name)).length > 0) await boss.unschedule(job.name);
    const workerId = await boss.work(
      job.name,
      {
        batchSize: 1,
        localConcurrency: job.concurrency,
        // Counted in the database across every worker process, so a space's share holds however many there are.
        ...(job.group ? { groupConcurrency: job.group.concurrency } : {}),
        ...polling,
      },
      async ([raw]) => {
        if (!raw) return;
        // Workers woken together by one notification race for the jobs it announced; one that loses (a row
        // another took, a group's share counted while another fetch was taking it) finds nothing and would
        // sleep until the next notification: a worker that got a job wakes the others to look again.
        wakeQueue(job.name);
        try {
          const group = { id: raw.id, name: job.name, groupId: raw.groupId };
          if (job.group && !(await hasGroupTurn(prisma, group, job.group.concurrency))) {
            await boss.send(job.name, raw.data as object, { startAfter: GIVE_WAY_SECONDS, ...groupOf(job, raw.data) });
            wakes.after(job.name, GIVE_WAY_SECONDS);
            return;
          }
          await runAttempt(job, job.payload.parse(raw.data), contextOf(raw, job.name), prisma);
        } catch (error) {
          // The retry (or, after the last one, the given-up run) comes due later, without a notification.
          for (const seconds of retryWakeSeconds(job.retry, raw.retryCount)) wakes.after(job.name, seconds);
          if (job.onGiveUp) wakes.after(givenUp, 1);
          throw error;
        } finally {
          // More jobs may wait than the one notification that announced them woke workers for.
          wakeQueue(job.name);
        }
      },
    );
    workerIds.set(job.name, workerId);
    if (job.onGiveUp) {
      const givenUpWorker = await boss.work(
        givenUp,
        { batchSize: 1, includeMetadata: true, ...polling },
        async ([raw]) => {
          if (!raw) return;
          const context = contextOf(raw, givenUp);
          await recordGivenUp(job, job.payload.parse(raw.data), givenUpError(raw.sourceOutput), context, prisma);
          wakeQueue(givenUp);
        },
      );
      workerIds.set(givenUp, givenUpWorker);
    }
  }

  const api: JobQueue = {
    async start(jobs) {
      if (state !== 'idle') throw new Error('The job queue has been started already');
      for (const job of jobs) known.set(job.name, job);
      await boss.start();
      for (const job of jobs) await register(job);
      // pg-boss looks a queue up before sending to it, outside any transaction it is given; with PGlite's one
      // connection held by that transaction, the look-up would wait for it forever. Registering cleared
      // pg-boss's cache of the queues: one read fills it again.
      for (const job of jobs) await boss.getJobById(job.name, NO_JOB);
      if (works && (options.soleWorker ?? driver.pglite !== null)) {
        const cutOff = await failOrphanedRuns(boss, prisma);
        if (cutOff > 0) logger.warn({ jobs: cutOff }, 'jobs cut off by the last stop of the server are tried again');
      }
      state = 'running';
      dueJobs = watchDueJobs({
        everySeconds: dueEverySeconds,
        names: () => [...workerIds.keys()],
        query: (text, values) => boss.getDb().executeSql(text, values) as Promise<{ rows: Array<{ name: string }> }>,
        wake: wakeQueue,
      });
    },
    async send(job, payload, sendOptions = {}) {
      const definition = definitionOf(job);
      const data = job.payload.parse(payload) as object;
      const id = await boss.send(job.name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...groupOf(definition, data),
        ...through(sendOptions.transaction),
      });
      // A job due now is announced by NOTIFY; one due later wakes this process's worker when it is due (a worker
      // elsewhere finds it at its next poll).
      if (id && sendOptions.startAfterSeconds) wakes.after(job.name, sendOptions.startAfterSeconds);
      return id;
    },
    async sendMany(job, payloads, sendOptions = {}) {
      const definition = definitionOf(job);
      if (payloads.length === 0) return;
      const jobs = payloads.map((payload) => {
        const data = job.payload.parse(payload) as object;
        return { data, ...groupOf(definition, data) };
      });
      await boss.insert(job.name, jobs, through(sendOptions.transaction));
    },
    async cancelWaiting(job, match, cancelOptions = {}) {
      definitionOf(job);
      const db = through(cancelOptions.transaction);
      const waiting = await boss.findJobs<object>(job.name, { data: match, queued: true, ...db });
      if (waiting.length === 0) return [];
      // One taken by a worker since it was found is cancelled all the same; its handler still runs once.
      await boss.cancel(
        job.name,
        waiting.map((raw) => raw.id),
        db,
      );
      return waiting.map((raw) => job.payload.parse(raw.data));
    },
    isUp: () => state === 'running',
    async stop(timeoutMs) {
      if (state === 'stopped') return;
      const wasRunning = state === 'running';
      state = 'stopped';
      wakes.clear();
      dueJobs?.stop();
      if (wasRunning) await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
  return api;
}
