export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Requests per second per Storyblok token, shared by every caller in the process: Storyblok limits a token,
 * not a client object, so two syncs of one space must share one budget.
 */
export class RequestBudget {
  private readonly nextSlot = new Map<string, number>();
  private readonly intervalMs: number;
  private readonly clock: Clock;

  constructor(requestsPerSecond: number, clock: Clock = systemClock) {
    this.intervalMs = 1000 / requestsPerSecond;
    this.clock = clock;
  }

  /** Waits until the key may send its next request. Slots are handed out in call order, one per interval. */
  async take(key: string): Promise<void> {
    const now = this.clock.now();
    const slot = Math.max(now, this.nextSlot.get(key) ?? 0);
    this.nextSlot.set(key, slot + this.intervalMs);
    if (slot > now) await this.clock.sleep(slot - now);
  }

  /** After a 429 the token's window is spent: nobody sends with it before the server said so. */
  pause(key: string, ms: number): void {
    const until = this.clock.now() + ms;
    if ((this.nextSlot.get(key) ?? 0) < until) this.nextSlot.set(key, until);
  }
}
