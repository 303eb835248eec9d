import type { TranslatableKey } from '#contract/content.ts';

export const keyTabs = ['all', 'missing', 'unverified', 'completed'] as const;
export type KeyTab = (typeof keyTabs)[number];

export const keyTabLabels: Readonly<Record<KeyTab, string>> = {
  all: 'All',
  missing: 'Missing',
  unverified: 'Unverified',
  completed: 'Completed',
};

type TabFacts = Pick<TranslatableKey, 'translated_key_value_text' | 'translated_key_reference_hash' | 'hash'>;

/**
 * Which of Missing / Unverified / Completed a key belongs to. Every key is in exactly one, so the three
 * counts add up to All. A key with an AI ask under way stays where its current translation puts it.
 */
export function tabOf(key: TabFacts): Exclude<KeyTab, 'all'> {
  if (key.translated_key_value_text === null) return 'missing';
  return key.translated_key_reference_hash === key.hash ? 'completed' : 'unverified';
}

export function keysInTab<K extends TabFacts>(keys: readonly K[], tab: KeyTab): K[] {
  return tab === 'all' ? [...keys] : keys.filter((key) => tabOf(key) === tab);
}

export function tabCounts(keys: readonly TabFacts[]): Record<KeyTab, number> {
  const counts: Record<KeyTab, number> = { all: keys.length, missing: 0, unverified: 0, completed: 0 };
  for (const key of keys) counts[tabOf(key)] += 1;
  return counts;
}
