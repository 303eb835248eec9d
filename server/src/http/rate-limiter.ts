import type { Clock } from '../clock.ts';
import type { Database } from '../db/prisma.ts';

/** A token bucket: `burst` requests at once, then `refill` more every `perSeconds`. */
export interface BucketRule {
  burst: number;
  refill: number;
  perSeconds: number;
}

export interface RateLimiter {
  /** Takes one request from the key's bucket; false when it is empty. */
  take(key: string): boolean | Promise<boolean>;
}

/**
 * In-process token buckets, for a process alone with its database (the embedded one). Failed passwords and
 * codes are not counted here but in the database (features/auth/credential-limits.ts).
 * The map is bounded: past `maxKeys` the least recently used bucket is dropped (it would mostly be full again).
 */
export function createRateLimiter(
  rule: BucketRule,
  clock: Clock,
  maxKeys = 100_000,
): RateLimiter & { take(key: string): boolean; allows(key: string): boolean } {
  const buckets = new Map<string, { tokens: number; at: number }>();
  function level(key: string): number {
    const bucket = buckets.get(key);
    if (!bucket) return rule.burst;
    // Multiplied before dividing, so a whole refill period gives back exactly `refill`.
    return Math.min(rule.burst, bucket.tokens + ((clock.now() - bucket.at) * rule.refill) / (rule.perSeconds * 1000));
  }

  return {
    take(key) {
      const tokens = level(key);
      if (tokens < 1) return false;
      buckets.delete(key);
      buckets.set(key, { tokens: tokens - 1, at: clock.now() });
      if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value!);
      return true;
    },
    allows: (key) => level(key) >= 1,
  };
}

/** How often a shared limiter deletes the buckets of its rule that have refilled (every this many takes). */
const PRUNE_EVERY = 200;

/**
 * Token buckets in PostgreSQL, shared by every server process: behind a load balancer with N replicas a client
 * gets what one process would allow. One atomic statement takes a request, or finds the bucket empty and leaves
 * it as it was. Time is the process's clock (tests move it), which replicas on synchronized hosts agree on.
 */
export function createSharedRateLimiter(prisma: Database, name: string, rule: BucketRule, clock: Clock): RateLimiter {
  const perMs = rule.refill / (rule.perSeconds * 1000);
  // A bucket untouched this long is full again: the same as no row.
  const refillMs = Math.ceil(rule.burst / perMs);
  let takes = 0;
  return {
    async take(key) {
      const now = new Date(clock.now());
      takes += 1;
      if (takes % PRUNE_EVERY === 0) {
        await prisma.$executeRaw`DELETE FROM rate_buckets WHERE rule = ${name} AND at < ${new Date(now.getTime() - refillMs)}`;
      }
      const taken = await prisma.$queryRaw<unknown[]>`
        INSERT INTO rate_buckets AS r (rule, key, tokens, at)
        VALUES (${name}, ${key}, ${rule.burst - 1}::float8, ${now})
        ON CONFLICT (rule, key) DO UPDATE
          SET tokens = LEAST(${rule.burst}::float8, r.tokens + GREATEST(0, extract(epoch FROM (${now}::timestamptz - r.at)) * 1000) * ${perMs}::float8) - 1,
              at = ${now}
          WHERE LEAST(${rule.burst}::float8, r.tokens + GREATEST(0, extract(epoch FROM (${now}::timestamptz - r.at)) * 1000) * ${perMs}::float8) >= 1
        RETURNING 1`;
      return taken.length > 0;
    },
  };
}
