import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { defineJob } from '#server/jobs/define-job.ts';
import { createJobQueue, type JobQueue } from '#server/jobs/job-queue.ts';
import { createLogger } from '#server/logger.ts';
import { openTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

// What the queue offers beyond sending one job: jobs sent with the rows they are about, cancelling jobs that
// have not started, and groups that share the workers.

async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let database: TestDatabase;
let prisma: Database;
let queue: JobQueue;
const started: Array<{ tenant: string; id: number }> = [];
const releases: Array<() => void> = [];

const later = defineJob({
  name: 'test.later',
  payload: z.object({ batch: z.string(), id: z.number().int() }),
  handler: async () => undefined,
});
const shared = defineJob({
  name: 'test.shared',
  payload: z.object({ tenant: z.string(), id: z.number().int() }),
  concurrency: 3,
  group: { of: ({ tenant }) => tenant, concurrency: 2 },
  handler: async (payload) => {
    started.push(payload);
    await new Promise<void>((resolve) => releases.push(resolve));
  },
});

beforeAll(async () => {
  database = await openTestDatabase();
  await applyPendingMigrations(database.driver);
  prisma = createPrisma(database.driver);
  queue = createJobQueue({ driver: database.driver, prisma, logger: createLogger({ level: 'silent' }) });
  await queue.start([later, shared]);
});

afterAll(async () => {
  for (const release of releases) release();
  await queue?.stop(2000);
  await prisma?.$disconnect();
  await database?.dispose();
});

describe('jobs sent in a transaction', () => {
  it('exist when the transaction commits, and not when it rolls back', async () => {
    await prisma.$transaction(async (tx) => {
      await tx.user.create({ data: { email: 'kept@example.com' } });
      await queue.send(later, { batch: 'kept', id: 1 }, { transaction: tx, startAfterSeconds: 60 });
    });
    const rolledBack = prisma.$transaction(async (tx) => {
      await tx.user.create({ data: { email: 'dropped@example.com' } });
      await queue.send(later, { batch: 'dropped', id: 2 }, { transaction: tx, startAfterSeconds: 60 });
      throw new Error('the request failed after queueing');
    });
    await expect(rolledBack).rejects.toThrow('the request failed after queueing');

    expect(await prisma.user.count({ where: { email: { in: ['kept@example.com', 'dropped@example.com'] } } })).toBe(1);
    expect(await queue.cancelWaiting(later, { batch: 'dropped' })).toEqual([]);
    expect(await queue.cancelWaiting(later, { batch: 'kept' })).toEqual([{ batch: 'kept', id: 1 }]);
    // Cancelled, so no longer waiting.
    expect(await queue.cancelWaiting(later, { batch: 'kept' })).toEqual([]);
  });
});

describe('groups', () => {
  it('give a group at most its share of the workers, and another group the rest at once', async () => {
    await queue.sendMany(shared, [
      { tenant: 'big', id: 1 },
      { tenant: 'big', id: 2 },
      { tenant: 'big', id: 3 },
      { tenant: 'big', id: 4 },
    ]);
    await waitFor(() => started.length === 2);
    await queue.send(shared, { tenant: 'small', id: 5 });
    await waitFor(() => started.length === 3);
    // Two of the big group hold their share; the small group's job took the third worker before the big
    // group's third job.
    expect(started.map((job) => job.tenant).sort()).toEqual(['big', 'big', 'small']);
    while (started.length < 5) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(
      started
        .filter((job) => job.tenant === 'big')
        .map((job) => job.id)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
  });
});
