import type { Database } from '../db/prisma.ts';
import { replacesRate, systemClock, type Clock, type RequestBudget } from './request-budget.ts';

/**
 * The budget every server process on one PostgreSQL shares: one row per token holds its next free slot, and a
 * request takes a slot with one atomic statement. Rows lock one at a time, so N processes together hand out
 * exactly one slot per interval, in the order their statements arrive. Time is the database's clock, the one
 * clock all processes agree on; only the wait itself happens in the process.
 */
export function createSharedBudget(prisma: Database, requestsPerSecond: number, clock: Clock = systemClock) {
  const defaultInterval = 1000 / requestsPerSecond;
  const budget: RequestBudget = {
    async take(key, options = {}) {
      const floor = options.maxPerSecond ? 1000 / options.maxPerSecond : 0;
      const [row] = await prisma.$queryRaw<Array<{ wait_ms: number }>>`
        WITH now AS (SELECT extract(epoch FROM clock_timestamp())::float8 * 1000 AS ms)
        INSERT INTO storyblok_budgets AS b (key, next_slot_ms, interval_ms)
        SELECT ${key}, now.ms + GREATEST(${defaultInterval}::float8, ${floor}::float8), ${defaultInterval}::float8
        FROM now
        ON CONFLICT (key) DO UPDATE
          SET next_slot_ms = GREATEST(b.next_slot_ms, (SELECT ms FROM now)) + GREATEST(b.interval_ms, ${floor}::float8),
              updated_at = now()
        RETURNING next_slot_ms - GREATEST(interval_ms, ${floor}::float8) - (SELECT ms FROM now) AS wait_ms`;
      const wait = row?.wait_ms ?? 0;
      if (wait > 0) await clock.sleep(wait);
    },
    async pause(key, ms) {
      await prisma.$executeRaw`
        UPDATE storyblok_budgets
        SET next_slot_ms = GREATEST(next_slot_ms, extract(epoch FROM clock_timestamp())::float8 * 1000 + ${ms}::float8),
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
