import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import type { RequestBudget } from '#server/storyblok-access/request-budget.ts';
import { createSharedBudget } from '#server/storyblok-access/shared-budget.ts';
import { joinTestDatabase, openPostgresTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

/*
 * Two budgets on one PostgreSQL database (the shared budget is PostgreSQL's; alone with the embedded database a
 * process keeps its budget in memory), as two server processes hold them, with two connection pools: together
 * they hand out one slot per interval per token, a 429 one of them saw pauses the other, and a limit Storyblok
 * named holds for both.
 */

let first: TestDatabase;
let second: TestDatabase;
let prismas: Database[];
let a: RequestBudget;
let b: RequestBudget;

/** setTimeout may fire a millisecond early. */
const TIMER_SLACK_MS = 15;

beforeAll(async () => {
  first = await openPostgresTestDatabase();
  await applyPendingMigrations(first.driver);
  second = await joinTestDatabase(first);
  prismas = [createPrisma(first.driver), createPrisma(second.driver)];
  a = createSharedBudget(prismas[0]!, 20);
  b = createSharedBudget(prismas[1]!, 20);
});

afterAll(async () => {
  for (const prisma of prismas ?? []) await prisma.$disconnect();
  await second?.dispose();
  await first?.dispose();
});

/**
 * How long `count` takes by each budget, all started at once, last until the last may go. The first slot is
 * no earlier than the start, so n slots need at least n - 1 intervals from there.
 */
async function takeAll(budgets: RequestBudget[], key: string, count: number): Promise<number> {
  const started = Date.now();
  await Promise.all(budgets.flatMap((budget) => Array.from({ length: count }, () => budget.take(key))));
  return Date.now() - started;
}

describe('the shared Storyblok request budget', () => {
  it('never lets two processes together exceed the token rate', async () => {
    // 20 slots at 20 a second: the last is 19 intervals after the first. Each budget alone would need 9.
    expect(await takeAll([a, b], 'token-shared', 10)).toBeGreaterThanOrEqual(19 * 50 - TIMER_SLACK_MS);
    // Another token is not held up by the first one's queue.
    const started = Date.now();
    await b.take('token-other');
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('pauses the token for every process after a 429 one of them saw', async () => {
    await a.take('token-paused');
    const paused = Date.now();
    await a.pause('token-paused', 600);
    await b.take('token-paused');
    expect(Date.now() - paused).toBeGreaterThanOrEqual(600 - TIMER_SLACK_MS);
  });

  it('keeps a limit Storyblok named for every process, and a plan does not raise it again', async () => {
    await a.learnRate('token-limited', 4, 'limit');
    await b.learnRate('token-limited', 6, 'plan');
    // 6 slots at 4 a second: 5 intervals of 250 ms.
    expect(await takeAll([a, b], 'token-limited', 3)).toBeGreaterThanOrEqual(5 * 250 - TIMER_SLACK_MS);
  });

  it('spaces the slots wider for a space that asks for fewer requests', async () => {
    const started = Date.now();
    for (let i = 0; i < 3; i += 1) await a.take('token-ceiling', { maxPerSecond: 5 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 200 - TIMER_SLACK_MS);
  });
  it('gives a request that would leave late a fresh slot, so it never reaches Storyblok bunched with the next', async () => {
    // A process whose timers fire 100 ms late, at 5 a second (200 ms apart), as its clock tells it: its first slot
    // is missed, and so is the next, up to a few; then it goes anyway, for a process too busy for any slot must
    // still progress.
    let lateTimers = 2;
    let lateness = 0;
    let slots = 0;
    const busy = createSharedBudget(prismas[0]!, 5, {
      now: () => Date.now() + lateness,
      sleep: async (ms) => {
        slots += 1;
        await new Promise((resolve) => setTimeout(resolve, ms));
        if (lateTimers-- > 0) lateness += 100;
      },
    });
    const onTime = createSharedBudget(prismas[1]!, 5);
    await onTime.take('token-late');
    await busy.take('token-late');
    // Three slots: two missed, the third on time.
    expect(slots).toBe(3);

    lateTimers = 100;
    slots = 0;
    await onTime.take('token-late');
    await busy.take('token-late');
    expect(slots).toBe(5);
  });
});
