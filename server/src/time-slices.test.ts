import { describe, expect, it } from 'vitest';
import { mapSteps, runAtOnce, runInSlices, type Steps } from './time-slices.ts';

function* countTo(n: number, seen: number[]): Steps<number> {
  for (let i = 1; i <= n; i += 1) {
    seen.push(i);
    yield;
  }
  return n;
}

describe('work in time slices', () => {
  it('runs steps to their end at once', () => {
    const seen: number[] = [];
    expect(runAtOnce(countTo(5, seen))).toBe(5);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives way to the event loop between slices, and ends with the same result', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    function* busy(): Steps<string> {
      for (let i = 0; i < 40; i += 1) {
        const until = performance.now() + 2;
        while (performance.now() < until);
        yield;
      }
      return 'done';
    }
    try {
      expect(await runInSlices(busy(), 5)).toBe('done');
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it('maps items as steps', () => {
    expect(runAtOnce(mapSteps([1, 2, 3], (n) => n * 2))).toEqual([2, 4, 6]);
  });
});
