import { describe, expect, it, vi } from 'vitest';
import { createDraftStore } from './drafts-store.ts';

describe('draft store', () => {
  it('keeps unsaved values by key and tells subscribers, with a new snapshot per change', () => {
    const store = createDraftStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.all();
    store.set(7, { kind: 'text', text: 'Hallo' });
    expect(store.get(7)).toEqual({ kind: 'text', text: 'Hallo' });
    expect(store.all()).not.toBe(before);
    expect(listener).toHaveBeenCalledTimes(1);
    store.set(7, null);
    expect(store.get(7)).toBeUndefined();
    expect(store.all().size).toBe(0);
  });

  it('does not notify for forgetting what it does not hold', () => {
    const store = createDraftStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(1, null);
    store.clear();
    expect(listener).not.toHaveBeenCalled();
  });

  it('remembers what a draft started from until it is forgotten, and lets the translator accept a new source', () => {
    const store = createDraftStore();
    const hallo = { kind: 'text' as const, text: 'Hallo' };
    store.set(7, hallo, { updated_at: '2026-05-04T10:00:00.000Z', hash: 'source-1' });
    // Typing on does not move the start: a source or colleague change since still shows at the save.
    store.set(7, { kind: 'text', text: 'Hallo Welt' }, { updated_at: '2026-05-04T11:00:00.000Z', hash: 'source-2' });
    expect(store.baseOf(7)).toBe('2026-05-04T10:00:00.000Z');
    expect(store.sourceHashOf(7)).toBe('source-1');

    store.acceptSource(7);
    expect(store.sourceHashOf(7)).toBeUndefined();
    expect(store.baseOf(7)).toBe('2026-05-04T10:00:00.000Z');

    store.set(7, null);
    expect(store.baseOf(7)).toBeUndefined();
    store.set(7, hallo, { updated_at: null, hash: 'source-3' });
    expect(store.sourceHashOf(7)).toBe('source-3');
  });
});
