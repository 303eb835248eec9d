import { describe, expect, it } from 'vitest';
import { estimateTimeLeft, formatTimeLeft } from './time-left.ts';

describe('the time a run has left', () => {
  it('follows the pace seen so far', () => {
    // 100 done in 10 s: the 800 left take 80 s.
    expect(estimateTimeLeft({ at: 0, done: 100 }, { at: 10_000, done: 200 }, 1_000)).toBe(80_000);
  });

  it('waits for a pace: watched too briefly, or nothing done meanwhile', () => {
    expect(estimateTimeLeft({ at: 0, done: 0 }, { at: 2_000, done: 50 }, 100)).toBeNull();
    expect(estimateTimeLeft({ at: 0, done: 10 }, { at: 60_000, done: 10 }, 100)).toBeNull();
  });

  it('says nothing is left once done reaches the total', () => {
    expect(estimateTimeLeft({ at: 0, done: 0 }, { at: 5_000, done: 120 }, 100)).toBe(0);
  });

  it('reads as minutes and hours', () => {
    expect(formatTimeLeft(59_000)).toBe('less than a minute left');
    expect(formatTimeLeft(4 * 60_000 + 10_000)).toBe('about 4 min left');
    expect(formatTimeLeft(2 * 3_600_000 + 5 * 60_000)).toBe('about 2 h 5 min left');
    expect(formatTimeLeft(3_600_000)).toBe('about 1 h left');
  });
});
