import type { RetryPolicy } from './define-job.ts';

/**
 * Wakes a queue's workers of this process at a later moment, so that an idle worker need not ask the database
 * every second whether a job sent with a delay, or a retry, has come due. Timers do not keep the process up.
 */
export function createWakeTimers(wake: (name: string) => void) {
  const timers = new Set<NodeJS.Timeout>();
  return {
    after(name: string, seconds: number): void {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          wake(name);
        },
        // A little late rather than early: the job's start is decided by the database's clock.
        seconds * 1000 + 100,
      );
      timer.unref();
      timers.add(timer);
    },
    clear(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * When pg-boss may start the retry of an attempt that failed: with backoff, the delay doubles per retry and
 * carries a random part, so it lies between half and all of delay * 2^(retries + 1), capped at the maximum. The
 * moments are the two ends for this retry count and the next (which of them pg-boss counts from varies with
 * how the attempt ended); waking at each costs one look at the queue.
 */
export function retryWakeSeconds(retry: RetryPolicy, retryCount: number): number[] {
  const moments = new Set<number>();
  for (const count of [retryCount, retryCount + 1]) {
    const full = Math.max(retry.delaySeconds, 1) * 2 ** Math.min(16, count + 1);
    moments.add(Math.min(retry.maxDelaySeconds, full / 2));
    moments.add(Math.min(retry.maxDelaySeconds, full));
  }
  return [...moments].sort((a, b) => a - b);
}

/**
 * Every few seconds, one statement for all queues: which have jobs come due that no notification announced (a
 * retry, or a job sent with a delay by another process)? Their workers are woken; the rest sleep on.
 */
export function watchDueJobs(options: {
  everySeconds: number;
  names: () => string[];
  query: (text: string, values: unknown[]) => Promise<{ rows: Array<{ name: string }> }>;
  wake: (name: string) => void;
}): { stop: () => void } {
  let looking = false;
  const timer = setInterval(() => {
    // A process that works no jobs (a web replica) has nothing to wake.
    if (looking || options.names().length === 0) return;
    looking = true;
    options
      .query(
        // pg-boss's own condition for a job a worker may take (its index job_i11 covers it).
        `SELECT DISTINCT name FROM pgboss.job
         WHERE name = ANY($1::text[]) AND state < 'active' AND NOT blocked AND start_after <= now()`,
        [options.names()],
      )
      .then(
        ({ rows }) => rows.forEach((row) => options.wake(row.name)),
        // The database away: the workers' own polls notice it and report it.
        () => undefined,
      )
      .finally(() => {
        looking = false;
      });
  }, options.everySeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
