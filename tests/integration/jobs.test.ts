import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { openDriver } from '#server/db/driver.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { AppError } from '#server/errors.ts';
import { defineJob } from '#server/jobs/define-job.ts';
import { createJobQueue, type JobQueue } from '#server/jobs/job-queue.ts';
import { createLogger } from '#server/logger.ts';
import { hangingJob, hangingJobThatGivesUp } from '#tests/support/job-fixtures.ts';
import { openTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

const logger = createLogger({ level: 'silent' });

async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a queue on the product database', () => {
  let database: TestDatabase;
  let queue: JobQueue;
  const seen: Array<{ job: string; payload: unknown; retryCount: number }> = [];
  let flakyFailures = 2;
  let slowFinished = false;
  let abortSeen = false;

  const greet = defineJob({
    name: 'test.greet',
    payload: z.object({ spaceId: z.number().int().positive() }),
    handler: async (payload, context) => {
      seen.push({ job: 'greet', payload, retryCount: context.retryCount });
    },
  });
  const once = defineJob({
    name: 'test.once',
    payload: z.object({ spaceId: z.number() }),
    policy: 'short',
    handler: async (payload) => {
      seen.push({ job: 'once', payload, retryCount: 0 });
    },
  });
  const flaky = defineJob({
    name: 'test.flaky',
    payload: z.object({ id: z.string() }),
    retry: { limit: 3, delaySeconds: 1, maxDelaySeconds: 2 },
    handler: async (payload, context) => {
      seen.push({ job: 'flaky', payload, retryCount: context.retryCount });
      if (flakyFailures > 0) {
        flakyFailures -= 1;
        throw new Error('Storyblok answered 503');
      }
    },
  });
  const slow = defineJob({
    name: 'test.slow',
    payload: z.object({ ms: z.number() }),
    handler: async ({ ms }, context) => {
      seen.push({ job: 'slow', payload: { ms }, retryCount: context.retryCount });
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (!context.signal.aborted) slowFinished = true;
      else abortSeen = true;
    },
  });

  // Jobs about a space: the handler fails as told; what it gave up on is recorded.
  let prisma: Database;
  const outcomes: string[] = [];
  let failWith: () => Error = () => new Error('Storyblok answered 503');
  const aboutSpace = defineJob({
    name: 'test.space-work',
    payload: z.object({ spaceId: z.number().int().positive() }),
    retry: { limit: 2, delaySeconds: 1, maxDelaySeconds: 1 },
    target: ({ spaceId }) => ({ spaceId }),
    handler: async ({ spaceId }, context) => {
      outcomes.push(`ran ${spaceId} try ${context.retryCount}`);
      throw failWith();
    },
    onGiveUp: async ({ spaceId }, error) => {
      outcomes.push(`gave up on ${spaceId}: ${(error as Error).message}`);
    },
  });

  beforeAll(async () => {
    database = await openTestDatabase();
    await applyPendingMigrations(database.driver);
    prisma = createPrisma(database.driver);
    queue = createJobQueue({ driver: database.driver, prisma, logger });
    await queue.start([greet, once, flaky, slow, aboutSpace]);
  });

  afterAll(async () => {
    await queue?.stop(2000);
    await prisma?.$disconnect();
    await database?.dispose();
  });

  const linesAbout = (spaceId: number) =>
    outcomes.filter((line) => line.startsWith(`ran ${spaceId} `) || line.startsWith(`gave up on ${spaceId}:`));

  async function newSpace(): Promise<number> {
    const space = await prisma.space.create({
      data: { name: 'Jobs', storyblokSpaceId: BigInt(Date.now()) + BigInt(outcomes.length), region: 'eu' },
      select: { id: true },
    });
    return space.id;
  }

  it('runs a job with its validated payload', async () => {
    await queue.send(greet, { spaceId: 12 });
    await waitFor(() => seen.some((entry) => entry.job === 'greet'));
    expect(seen.find((entry) => entry.job === 'greet')).toEqual({
      job: 'greet',
      payload: { spaceId: 12 },
      retryCount: 0,
    });
  });

  it('refuses a payload that does not match the declaration, before queueing it', async () => {
    await expect(queue.send(greet, { spaceId: -1 })).rejects.toThrow();
    await expect(queue.send(greet, { spaceId: 'twelve' } as never)).rejects.toThrow();
  });

  it('keeps one queued job per singleton key where the policy says so', async () => {
    const first = await queue.send(once, { spaceId: 99 }, { singletonKey: 'space-99', startAfterSeconds: 30 });
    const second = await queue.send(once, { spaceId: 99 }, { singletonKey: 'space-99', startAfterSeconds: 30 });
    const otherKey = await queue.send(once, { spaceId: 98 }, { singletonKey: 'space-98', startAfterSeconds: 30 });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(otherKey).toEqual(expect.any(String));
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    await queue.send(flaky, { id: 'story-1' });
    await waitFor(() => seen.filter((entry) => entry.job === 'flaky').length === 3);
    expect(seen.filter((entry) => entry.job === 'flaky').map((entry) => entry.retryCount)).toEqual([0, 1, 2]);
    expect(flakyFailures).toBe(0);
  });

  it('gives up after the last retry, recording why once', async () => {
    const spaceId = await newSpace();
    failWith = () => new Error('Storyblok answered 503');
    await queue.send(aboutSpace, { spaceId });
    await waitFor(() => outcomes.some((line) => line.startsWith(`gave up on ${spaceId}`)));
    expect(linesAbout(spaceId)).toEqual([
      `ran ${spaceId} try 0`,
      `ran ${spaceId} try 1`,
      `ran ${spaceId} try 2`,
      `gave up on ${spaceId}: Storyblok answered 503`,
    ]);
  });

  it('gives up at once on an error retrying cannot help, and still retries an outage', async () => {
    const refused = await newSpace();
    failWith = () => new AppError('token_issue', 'Storyblok refused the token');
    await queue.send(aboutSpace, { spaceId: refused });
    await waitFor(() => outcomes.some((line) => line.startsWith(`gave up on ${refused}`)));
    expect(linesAbout(refused)).toEqual([`ran ${refused} try 0`, `gave up on ${refused}: Storyblok refused the token`]);
    expect(new AppError('storyblok_unavailable', 'down').retryable).toBe(true);
    expect(new AppError('rate_limited', 'slow down').retryable).toBe(true);
  });

  it('ends quietly, without giving up or retrying, when what it worked on was deleted', async () => {
    const spaceId = await newSpace();
    failWith = () => new Error('the space vanished under the job');
    await prisma.space.delete({ where: { id: spaceId } });
    await queue.send(aboutSpace, { spaceId });
    await waitFor(() => outcomes.includes(`ran ${spaceId} try 0`));
    // A retry would come after a second; give it three.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(linesAbout(spaceId)).toEqual([`ran ${spaceId} try 0`]);
  });

  it('lets a running job finish when the queue stops', async () => {
    await queue.send(slow, { ms: 1500 });
    await waitFor(() => seen.some((entry) => entry.job === 'slow'));
    await queue.stop(10_000);
    expect(slowFinished).toBe(true);
    expect(abortSeen).toBe(false);
    expect(queue.isUp()).toBe(false);
  });
});

describe('jobs across restarts', () => {
  let folder: string;

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'polyblok-jobs-'));
  });

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs a job queued before a restart after the restart', async () => {
    const dataDir = path.join(folder, 'queued');
    const ran: number[] = [];
    const job = hangingJob(async ({ ticket }) => {
      ran.push(ticket);
    });
    const first = await openDriver({ kind: 'pglite', dataDir });
    const before = createJobQueue({ driver: first, prisma: createPrisma(first), logger });
    await before.start([job]);
    await before.send(job, { ticket: 1 }, { startAfterSeconds: 2 });
    await before.stop(1000);
    await first.close();
    expect(ran).toEqual([]);

    const second = await openDriver({ kind: 'pglite', dataDir });
    const after = createJobQueue({ driver: second, prisma: createPrisma(second), logger });
    await after.start([job]);
    try {
      await waitFor(() => ran.length > 0);
      expect(ran).toEqual([1]);
    } finally {
      await after.stop(1000);
      await second.close();
    }
  });

  it('runs again a job whose process was killed while running it', async () => {
    const dataDir = path.join(folder, 'crashed');
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/crashing-worker.ts', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor(() => output.includes('started 7 retry 0'), 40_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const reruns: Array<{ ticket: number; retryCount: number }> = [];
    const job = hangingJob(async ({ ticket }, context) => {
      reruns.push({ ticket, retryCount: context.retryCount });
    });
    const driver = await openDriver({ kind: 'pglite', dataDir });
    const queue = createJobQueue({ driver, prisma: createPrisma(driver), logger, superviseIntervalSeconds: 1 });
    await queue.start([job]);
    try {
      await waitFor(() => reruns.length > 0, 30_000);
      expect(reruns[0]).toEqual({ ticket: 7, retryCount: 1 });
    } finally {
      await queue.stop(1000);
      await driver.close();
    }
  });
  it('records why when a run whose worker was killed has no retry left, instead of leaving it running', async () => {
    const dataDir = path.join(folder, 'gives-up');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/support/crashing-worker.ts', dataDir, 'gives-up'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor(() => output.includes('started 7 retry 0'), 40_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const ran: number[] = [];
    const gaveUp: Array<{ ticket: number; code: unknown; message: string }> = [];
    const job = hangingJobThatGivesUp(
      async ({ ticket }) => {
        ran.push(ticket);
      },
      async ({ ticket }, error) => {
        gaveUp.push({ ticket, code: (error as AppError).code, message: (error as Error).message });
      },
    );
    const driver = await openDriver({ kind: 'pglite', dataDir });
    const queue = createJobQueue({ driver, prisma: createPrisma(driver), logger, superviseIntervalSeconds: 1 });
    await queue.start([job]);
    try {
      await waitFor(() => gaveUp.length > 0, 30_000);
      expect(gaveUp).toEqual([
        { ticket: 7, code: 'service_unavailable', message: expect.stringMatching(/stopped before it finished/) },
      ]);
      expect(ran).toEqual([]);
    } finally {
      await queue.stop(1000);
      await driver.close();
    }
  });
});
