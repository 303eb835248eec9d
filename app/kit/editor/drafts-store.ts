import { useMemo, useSyncExternalStore } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import type { DraftValue } from './key-draft.ts';

/** What a draft was started from: the key's translation time and its source hash then. */
export type DraftStart = Pick<TranslatableKey, 'updated_at' | 'hash'>;

/**
 * The translator's unsaved text, by key id. It lives outside the rows because the key list is virtualized: a
 * row scrolled out of view unmounts, and its text must still be there (and counted as unsaved) when it returns.
 * Only values that differ from the saved translation are kept.
 */
export interface DraftStore {
  get(keyId: number): DraftValue | undefined;
  /**
   * null forgets the draft (saved, or back to the saved value). `from` is the key as the text was started
   * from, remembered when a draft begins: its translation's `updated_at`, so a save can tell a colleague's
   * change since, and its source hash, so that "verified" means verified against the source the translator saw.
   */
  set(keyId: number, value: DraftValue | null, from?: DraftStart): void;
  /** The saved translation's `updated_at` the key's draft started from; undefined without a draft. */
  baseOf(keyId: number): string | null | undefined;
  /** The source hash the key's draft started from; undefined without a draft. */
  sourceHashOf(keyId: number): string | undefined;
  /** The translator has been shown the new source: the next save verifies against the key's current one. */
  acceptSource(keyId: number): void;
  /** The draft just set is a translation memory match, or the AI button's answer, as it was applied. */
  markApplied(keyId: number, value: DraftValue, origin: AppliedOrigin): void;
  /** Where the key's draft came from while it is unchanged since it was applied (then it is saved as such). */
  appliedFrom(keyId: number): AppliedOrigin | undefined;
  /** Every unsaved value; a new map object after each change, so it can be a snapshot. */
  all(): ReadonlyMap<number, DraftValue>;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/** What a draft can be besides typed text: a memory match or an AI answer taken as it was. */
export type AppliedOrigin = 'memory' | 'ai';

export function createDraftStore(): DraftStore {
  let drafts: ReadonlyMap<number, DraftValue> = new Map();
  const bases = new Map<number, { updatedAt: string | null; hash: string | undefined }>();
  // The value object a memory match or an AI answer became: any edit makes a new object, so identity says
  // "unchanged".
  const applied = new Map<number, { value: DraftValue; origin: AppliedOrigin }>();
  const listeners = new Set<() => void>();
  const publish = (next: Map<number, DraftValue>) => {
    drafts = next;
    for (const listener of listeners) listener();
  };
  return {
    get: (keyId) => drafts.get(keyId),
    set(keyId, value, from) {
      if (value === null && !drafts.has(keyId)) return;
      const next = new Map(drafts);
      if (value === null) {
        next.delete(keyId);
        bases.delete(keyId);
        applied.delete(keyId);
      } else {
        next.set(keyId, value);
        if (!bases.has(keyId) && from !== undefined) bases.set(keyId, { updatedAt: from.updated_at, hash: from.hash });
      }
      publish(next);
    },
    baseOf: (keyId) => (drafts.has(keyId) ? bases.get(keyId)?.updatedAt : undefined),
    sourceHashOf: (keyId) => (drafts.has(keyId) ? bases.get(keyId)?.hash : undefined),
    acceptSource(keyId) {
      const start = bases.get(keyId);
      if (start) start.hash = undefined;
    },
    markApplied: (keyId, value, origin) => void applied.set(keyId, { value, origin }),
    appliedFrom(keyId) {
      const start = applied.get(keyId);
      return start && drafts.has(keyId) && drafts.get(keyId) === start.value ? start.origin : undefined;
    },
    all: () => drafts,
    clear() {
      bases.clear();
      applied.clear();
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

/** The unsaved values of several stores (one per language side by side), in their order. */
export function useAllDraftsOf(stores: readonly DraftStore[]): ReadonlyArray<ReadonlyMap<number, DraftValue>> {
  const [subscribe, snapshot] = useMemo(() => {
    let last: ReadonlyArray<ReadonlyMap<number, DraftValue>> = stores.map((store) => store.all());
    const read = () => {
      const now = stores.map((store) => store.all());
      // The same array while nothing changed: React reads the snapshot on every render.
      if (now.some((drafts, index) => drafts !== last[index])) last = now;
      return last;
    };
    const listen = (listener: () => void) => {
      const stops = stores.map((store) => store.subscribe(listener));
      return () => stops.forEach((stop) => stop());
    };
    return [listen, read] as const;
  }, [stores]);
  return useSyncExternalStore(subscribe, snapshot);
}
