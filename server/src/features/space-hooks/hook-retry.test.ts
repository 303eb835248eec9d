import { describe, expect, it } from 'vitest';
import { nextAttemptAt } from './hook-retry.ts';

const created = new Date('2026-12-01T00:00:00Z');
const minutes = (date: Date | null) => (date ? (date.getTime() - created.getTime()) / 60_000 : null);

describe('hook delivery retries', () => {
  it('back off from a minute to six hours', () => {
    expect(minutes(nextAttemptAt(created, 1, created))).toBe(1);
    expect(minutes(nextAttemptAt(created, 2, created))).toBe(5);
    expect(minutes(nextAttemptAt(created, 3, created))).toBe(30);
    expect(minutes(nextAttemptAt(created, 4, created))).toBe(120);
    expect(minutes(nextAttemptAt(created, 5, created))).toBe(360);
    expect(minutes(nextAttemptAt(created, 9, created))).toBe(360);
  });

  it('give up once the next try would fall more than a day after the event', () => {
    const late = new Date(created.getTime() + 20 * 3600 * 1000);
    expect(nextAttemptAt(created, 6, late)).toBeNull();
    const earlier = new Date(created.getTime() + 17 * 3600 * 1000);
    expect(minutes(nextAttemptAt(created, 6, earlier))).toBe(17 * 60 + 360);
  });
});
