import { describe, expect, it } from 'vitest';
import { createServerStatus, retryAfterSeconds } from './server-status.ts';

describe('server status', () => {
  it('tells its listeners when the state changes, and only then', () => {
    const status = createServerStatus();
    let calls = 0;
    status.subscribe(() => (calls += 1));
    const available = status.current();
    expect(available).toEqual({ kind: 'available' });

    status.report({ kind: 'available' });
    expect(status.current()).toBe(available);
    status.report({ kind: 'database_unavailable', retryAfterSeconds: 5 });
    const down = status.current();
    status.report({ kind: 'database_unavailable', retryAfterSeconds: 5 });
    expect(status.current()).toBe(down);
    status.report({ kind: 'unreachable', retryAfterSeconds: null });
    status.report({ kind: 'available' });

    expect(status.current()).toEqual({ kind: 'available' });
    expect(calls).toBe(3);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-05-04T10:00:00Z');
    expect(retryAfterSeconds('5', now)).toBe(5);
    expect(retryAfterSeconds('Mon, 04 May 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Mon, 04 May 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
  });
});
