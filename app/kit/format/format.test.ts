import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatQuantity, formatRelative } from './format.ts';

describe('format', () => {
  it('writes numbers in English with thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });

  it('names one or many', () => {
    expect(formatQuantity(1, 'language', 'languages')).toBe('1 language');
    expect(formatQuantity(0, 'language', 'languages')).toBe('0 languages');
    expect(formatQuantity(12500, 'source key', 'source keys')).toBe('12,500 source keys');
  });

  it('writes dates in English', () => {
    expect(formatDate('2026-03-02T12:00:00.000Z')).toBe('Mar 2, 2026');
  });

  it('says how long ago, falling back to the date past a month', () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    expect(formatRelative('2026-03-10T11:59:50.000Z', now)).toBe('just now');
    expect(formatRelative('2026-03-10T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-03-10T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(formatRelative('2026-03-09T12:00:00.000Z', now)).toBe('yesterday');
    expect(formatRelative('2026-01-01T12:00:00.000Z', now)).toBe('Jan 1, 2026');
  });
});
