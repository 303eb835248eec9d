import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { createSharedRateLimiter } from '#server/http/rate-limiter.ts';
import { joinTestDatabase, openPostgresTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

/*
 * The HTTP rate limits of two server processes on one PostgreSQL (two connection pools): together they allow
 * what one process allows, refill alike, and keep rules and keys apart.
 */

let first: TestDatabase;
let second: TestDatabase;
let prismas: Database[];
const clock = { time: Date.parse('2026-11-27T12:00:00Z'), now: () => clock.time };
const rule = { burst: 3, refill: 1, perSeconds: 10 };

beforeAll(async () => {
  first = await openPostgresTestDatabase();
  await applyPendingMigrations(first.driver);
  second = await joinTestDatabase(first);
  prismas = [createPrisma(first.driver), createPrisma(second.driver)];
});

afterAll(async () => {
  for (const prisma of prismas ?? []) await prisma.$disconnect();
  await second?.dispose();
  await first?.dispose();
});

describe('shared rate limits', () => {
  it('lets two processes together take the burst once, then refills it with time', async () => {
    const [a, b] = prismas.map((prisma) => createSharedRateLimiter(prisma, 'tokenPerIp', rule, clock));
    const taken = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a! : b!).take('203.0.113.7')));
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await b!.take('203.0.113.7')).toBe(false);

    clock.time += 9_999;
    expect(await a!.take('203.0.113.7')).toBe(false);
    clock.time += 1;
    expect(await a!.take('203.0.113.7')).toBe(true);
    expect(await b!.take('203.0.113.7')).toBe(false);

    // Another address, and another rule for the same address, have buckets of their own.
    expect(await b!.take('198.51.100.1')).toBe(true);
    const mail = createSharedRateLimiter(prismas[1]!, 'mailPerIp', rule, clock);
    expect(await mail.take('203.0.113.7')).toBe(true);
  });
});
