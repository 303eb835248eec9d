import type { Clock } from '#server/clock.ts';

export interface TestClock extends Clock {
  advance(ms: number): void;
}

/** A clock that stands still until the test moves it. */
export function createTestClock(start = Date.now()): TestClock {
  let time = start;
  return {
    now: () => time,
    advance(ms) {
      time += ms;
    },
  };
}
