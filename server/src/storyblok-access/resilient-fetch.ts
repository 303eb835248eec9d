import { createHash } from 'node:crypto';
import { systemClock, type Clock, type RequestBudget } from './request-budget.ts';
import { rateOfTooManyRequests } from './storyblok-rates.ts';

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /** No retry is started after this much time since the first attempt. */
  maxElapsedMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 8,
  maxElapsedMs: 120_000,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
};

const idempotent = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** The key a token is budgeted under: a hash, so the shared budget's rows never hold a token. */
export function budgetKeyOf(authorization: string): string {
  return createHash('sha256').update(authorization).digest('hex').slice(0, 16);
}

/** The key a request is budgeted under: its token (header for the Management API, query for the CDN). */
function budgetKey(url: string, init: RequestInit | undefined): string {
  const headers = new Headers(init?.headers);
  return budgetKeyOf(headers.get('authorization') ?? new URL(url).searchParams.get('token') ?? 'anonymous');
}

/** Seconds or an HTTP date, as Retry-After may carry; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface ResilientFetchOptions {
  budget: RequestBudget;
  policy?: RetryPolicy;
  clock?: Clock;
  random?: () => number;
  fetch?: typeof fetch;
  /** A ceiling below the token's rate for these requests (a space's own setting). */
  maxPerSecond?: number | null;
}

/**
 * A fetch for Storyblok calls: waits for the token's budget, and rides out 429 (after Retry-After, or with
 * backoff) on every method, and 5xx and network failures on methods that are safe to repeat. What is still
 * failing after the policy's attempts is answered as it came, so the caller sees Storyblok's own error.
 */
export function createResilientFetch(options: ResilientFetchOptions): typeof fetch {
  const policy = options.policy ?? defaultRetryPolicy;
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  const backoff = (attempt: number) => {
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    return ceiling / 2 + random() * (ceiling / 2);
  };

  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const key = budgetKey(url, init);
    const started = clock.now();
    for (let attempt = 1; ; attempt += 1) {
      await options.budget.take(key, { maxPerSecond: options.maxPerSecond });
      let response: Response | null = null;
      let failure: unknown = null;
      try {
        response = await send(input, init);
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        failure = error;
      }
      const retryable =
        response?.status === 429 || ((response === null || response.status >= 500) && idempotent.has(method));
      const outOfTime = clock.now() - started >= policy.maxElapsedMs;
      if (!retryable || attempt >= policy.maxAttempts || outOfTime) {
        if (response) return response;
        throw failure;
      }
      let delay = backoff(attempt);
      if (response?.status === 429) {
        delay = Math.max(delay, retryAfterMs(response.headers.get('retry-after'), clock.now()) ?? 0);
        // Every process waits it out, and the limit it names is the token's rate from now on.
        await options.budget.pause(key, delay);
        const named = rateOfTooManyRequests(await response.text().catch(() => ''));
        if (named) await options.budget.learnRate(key, named, 'limit');
      } else await response?.body?.cancel().catch(() => undefined);
      await clock.sleep(delay);
    }
  };
}
