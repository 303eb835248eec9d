import { useSyncExternalStore } from 'react';
import type { DraftValue } from './key-draft.ts';

/**
 * The translator's unsaved text, by key id. It lives outside the rows because the key list is virtualized: a
 * row scrolled out of view unmounts, and its text must still be there (and counted as unsaved) when it returns.
 * Only values that differ from the saved translation are kept.
 */
export interface DraftStore {
  get(keyId: number): DraftValue | undefined;
  /** null forgets the draft (saved, or back to the saved value). */
  set(keyId: number, value: DraftValue | null): void;
  /** Every unsaved value; a new map object after each change, so it can be a snapshot. */
  all(): ReadonlyMap<number, DraftValue>;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function createDraftStore(): DraftStore {
  let drafts: ReadonlyMap<number, DraftValue> = new Map();
  const listeners = new Set<() => void>();
  const publish = (next: Map<number, DraftValue>) => {
    drafts = next;
    for (const listener of listeners) listener();
  };
  return {
    get: (keyId) => drafts.get(keyId),
    set(keyId, value) {
      if (value === null && !drafts.has(keyId)) return;
      const next = new Map(drafts);
      if (value === null) next.delete(keyId);
      else next.set(keyId, value);
      publish(next);
    },
    all: () => drafts,
    clear() {
      if (drafts.size > 0) publish(new Map());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One key's unsaved value; the row re-renders only when that key's draft changes. */
export function useDraft(store: DraftStore, keyId: number): DraftValue | undefined {
  return useSyncExternalStore(store.subscribe, () => store.get(keyId));
}

export function useAllDrafts(store: DraftStore): ReadonlyMap<number, DraftValue> {
  return useSyncExternalStore(store.subscribe, store.all);
}
