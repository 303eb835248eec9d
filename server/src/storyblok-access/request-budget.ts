export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Where a token's rate comes from. A limit Storyblok named in a 429 outranks the plan, the plan the default. */
export type RateSource = 'default' | 'plan' | 'limit';

export interface TakeOptions {
  /** A ceiling below the token's rate (a space's own setting); the token's slots are then spaced wider. */
  maxPerSecond?: number | null;
}

/**
 * Requests per second per Storyblok token. Storyblok limits a token, not a client object or a process, so
 * every call with one token, of any space, job or process, takes its slot from one budget.
 */
export interface RequestBudget {
  /** Waits until the key may send its next request. Slots are handed out in call order, one per interval. */
  take(key: string, options?: TakeOptions): Promise<void>;
  /** After a 429 the token's window is spent: nobody sends with it before the server said so. */
  pause(key: string, ms: number): Promise<void>;
  /** Storyblok told the token's rate: its plan (3/s on Starter, 6/s above) or a 429 that named the limit. */
  learnRate(key: string, requestsPerSecond: number, source: 'plan' | 'limit'): Promise<void>;
}

/** Whether a rate learned from `source` replaces one from `current`: a named limit always, a plan only a guess. */
export function replacesRate(current: RateSource, source: 'plan' | 'limit'): boolean {
  return source === 'limit' || current !== 'limit';
}

/** Milliseconds between two requests: the token's interval, or wider under a lower ceiling. */
export function spacing(intervalMs: number, maxPerSecond?: number | null): number {
  return maxPerSecond ? Math.max(intervalMs, 1000 / maxPerSecond) : intervalMs;
}

/**
 * The budget of a process that is alone with its database (the embedded one, which one process holds): exact
 * without a round trip to the database per request.
 */
export function createLocalBudget(requestsPerSecond: number, clock: Clock = systemClock): RequestBudget {
  const tokens = new Map<string, { nextSlot: number; intervalMs: number; source: RateSource }>();
  const entry = (key: string) => {
    let found = tokens.get(key);
    if (!found) {
      found = { nextSlot: 0, intervalMs: 1000 / requestsPerSecond, source: 'default' };
      tokens.set(key, found);
    }
    return found;
  };
  return {
    async take(key, options = {}) {
      const token = entry(key);
      const now = clock.now();
      const slot = Math.max(now, token.nextSlot);
      token.nextSlot = slot + spacing(token.intervalMs, options.maxPerSecond);
      if (slot > now) await clock.sleep(slot - now);
    },
    async pause(key, ms) {
      const token = entry(key);
      token.nextSlot = Math.max(token.nextSlot, clock.now() + ms);
    },
    async learnRate(key, rate, source) {
      const token = entry(key);
      if (!replacesRate(token.source, source)) return;
      token.intervalMs = 1000 / rate;
      token.source = source;
    },
  };
}
