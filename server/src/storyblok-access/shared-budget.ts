import type { Database } from '../db/prisma.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { replacesRate, systemClock, type Clock, type RequestBudget } from './request-budget.ts';

/**
 * The database's clock at the moment the row is locked (clock_timestamp, not the statement's start): a
 * statement that waited for another process's update counts from when it got its turn.
 */
const NOW_MS = Prisma.sql`(extract(epoch FROM clock_timestamp())::float8 * 1000)`;

/**
 * The budget every server process on one PostgreSQL shares: one row per token holds its next free slot, and a
 * request takes a slot with one atomic statement. Rows lock one at a time, so N processes together hand out
 * exactly one slot per interval, in the order their statements arrive. Time is the database's clock, the one
 * clock all processes agree on; only the wait itself happens in the process.
 */
/** Fresh slots a late request takes before it goes anyway (a process too busy for any slot still progresses). */
const LATE_RETAKES = 4;

export function createSharedBudget(prisma: Database, requestsPerSecond: number, clock: Clock = systemClock) {
  const defaultInterval = 1000 / requestsPerSecond;

  async function takeSlot(key: string, maxPerSecond: number | null | undefined) {
    const floor = maxPerSecond ? 1000 / maxPerSecond : 0;
    const [row] = await prisma.$queryRaw<Array<{ wait_ms: number; interval_ms: number }>>`
      INSERT INTO storyblok_budgets AS b (key, next_slot_ms, interval_ms)
      VALUES (${key}, ${NOW_MS} + GREATEST(${defaultInterval}::float8, ${floor}::float8), ${defaultInterval}::float8)
      ON CONFLICT (key) DO UPDATE
        SET next_slot_ms = GREATEST(b.next_slot_ms, ${NOW_MS}) + GREATEST(b.interval_ms, ${floor}::float8),
            updated_at = now()
      RETURNING next_slot_ms - GREATEST(interval_ms, ${floor}::float8) - ${NOW_MS} AS wait_ms,
        GREATEST(interval_ms, ${floor}::float8) AS interval_ms`;
    return { waitMs: row?.wait_ms ?? 0, intervalMs: row?.interval_ms ?? defaultInterval };
  }

  const budget: RequestBudget = {
    async take(key, options = {}) {
      // A request that leaves well after its slot (a busy event loop, a slow answer from the database) would
      // reach Storyblok bunched with the ones of the next slots, which other processes send on time: it takes a
      // fresh slot instead. The wait counts from the answer (never before the slot), the lateness from the
      // question (the slot may have been handed out as soon as the statement arrived).
      for (let attempt = 0; ; attempt += 1) {
        const asked = clock.now();
        const { waitMs, intervalMs } = await takeSlot(key, options.maxPerSecond);
        if (waitMs > 0) await clock.sleep(waitMs);
        if (clock.now() - (asked + Math.max(0, waitMs)) <= intervalMs / 4 || attempt >= LATE_RETAKES) return;
      }
    },
    async pause(key, ms) {
      await prisma.$executeRaw`
        UPDATE storyblok_budgets
        SET next_slot_ms = GREATEST(next_slot_ms, ${NOW_MS} + ${ms}::float8),
            updated_at = now()
        WHERE key = ${key}`;
    },
    async learnRate(key, rate, source) {
      // A plan never overrides a limit Storyblok named; the check is in the statement, so a 429 learned by
      // another process in the meantime stands.
      const keeps = replacesRate('limit', source) ? [] : ['limit'];
      await prisma.$executeRaw`
        INSERT INTO storyblok_budgets (key, next_slot_ms, interval_ms, rate_source)
        VALUES (${key}, 0, ${1000 / rate}::float8, ${source})
        ON CONFLICT (key) DO UPDATE
          SET interval_ms = EXCLUDED.interval_ms, rate_source = EXCLUDED.rate_source, updated_at = now()
          WHERE NOT (storyblok_budgets.rate_source = ANY(${keeps}::text[]))`;
    },
  };
  return budget;
}
