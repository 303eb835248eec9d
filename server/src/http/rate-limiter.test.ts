import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

function clockAt(start: number) {
  const clock = { time: start, now: () => clock.time };
  return clock;
}

describe('token bucket', () => {
  it('allows the burst, refuses the next, and refills with time', () => {
    const clock = clockAt(0);
    const limiter = createRateLimiter({ burst: 3, refill: 1, perSeconds: 10 }, clock);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(limiter.take('b')).toBe(true);
    clock.time = 9_999;
    expect(limiter.allows('a')).toBe(false);
    clock.time = 10_000;
    expect(limiter.allows('a')).toBe(true);
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    clock.time = 1_000_000;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('keeps at most maxKeys buckets, dropping the least recently used', () => {
    const clock = clockAt(0);
    const limiter = createRateLimiter({ burst: 1, refill: 1, perSeconds: 3600 }, clock, 2);
    limiter.take('a');
    limiter.take('b');
    limiter.take('c');
    expect(limiter.allows('a')).toBe(true);
    expect(limiter.allows('b')).toBe(false);
    expect(limiter.allows('c')).toBe(false);
  });
});
