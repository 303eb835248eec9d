import { HOOK_RETRY_HOURS } from '#contract/hook-rules.ts';

/** Waits between attempts: a receiver that is briefly down gets the event within minutes, a long outage hours later. */
const BACKOFF_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600];

/**
 * When to try a delivery again after `attempts` failed tries, or null when that would fall past the day its event
 * is retried for: the delivery has then failed for good.
 */
export function nextAttemptAt(createdAt: Date, attempts: number, now: Date): Date | null {
  const wait = BACKOFF_SECONDS[Math.min(attempts, BACKOFF_SECONDS.length) - 1] ?? BACKOFF_SECONDS[0]!;
  const next = new Date(now.getTime() + wait * 1000);
  const deadline = createdAt.getTime() + HOOK_RETRY_HOURS * 3600 * 1000;
  return next.getTime() > deadline ? null : next;
}
