import type { HistoryEntry } from '#contract/content-history.ts';
import type { TranslatableKey } from '#contract/content.ts';

export const HISTORY_AUTHOR = 'Tess Translator';

/**
 * The server's history of each key, as the story fake's writes leave it: a translated key starts with its
 * import, and each save, verification and revert adds the key as it then is, newest first.
 */
export function createHistoryFake(keys: TranslatableKey[]) {
  let nextId = 1;
  let minute = 0;
  const byKey = new Map<string, HistoryEntry[]>();
  const record = (key: TranslatableKey, origin: HistoryEntry['origin'], userName: string | null) => {
    minute += 1;
    const entry: HistoryEntry = {
      id: nextId++,
      value_text: key.translated_key_value_text ?? '',
      status: key.status === 'verified' || key.status === 'missing' ? key.status : 'unverified',
      origin,
      user_name: userName,
      at: new Date(Date.UTC(2026, 4, 4, 10, minute)).toISOString(),
    };
    byKey.set(key.key, [entry, ...(byKey.get(key.key) ?? [])]);
    return entry;
  };
  for (const key of keys) if (key.translated_key_value_text !== null) record(key, 'import', null);
  return {
    /** A change as the server would record it: `origin` and who made it (a colleague, an AI run...). */
    record,
    of: (key: string) => byKey.get(key) ?? [],
    find(id: number): { key: string; entry: HistoryEntry } | undefined {
      for (const [key, entries] of byKey) {
        const entry = entries.find((candidate) => candidate.id === id);
        if (entry) return { key, entry };
      }
      return undefined;
    },
  };
}

export type HistoryFake = ReturnType<typeof createHistoryFake>;
