import type { Clock } from '../clock.ts';

/** A token bucket: `burst` requests at once, then `refill` more every `perSeconds`. */
export interface BucketRule {
  burst: number;
  refill: number;
  perSeconds: number;
}

export interface RateLimiter {
  /** Takes one request from the key's bucket; false when it is empty. */
  take(key: string): boolean;
  /** Whether the key's bucket has a request left, without taking it. */
  allows(key: string): boolean;
}

/**
 * In-process token buckets. They count per server process: behind a load balancer with N processes a client
 * gets up to N times the limit, and a restart forgets the counts. That is the documented trade-off for not
 * needing a shared store; the limits are set so that even N times them stops brute force. Failed passwords and
 * codes are not counted here but in the database (features/auth/credential-limits.ts), shared by every process.
 * The map is bounded: past `maxKeys` the least recently used bucket is dropped (it would mostly be full again).
 */
export function createRateLimiter(rule: BucketRule, clock: Clock, maxKeys = 100_000): RateLimiter {
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
