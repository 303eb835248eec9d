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
});
