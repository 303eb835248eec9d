import type { TranslatableKey } from '#contract/content.ts';

export const keyTabs = ['all', 'missing', 'unverified', 'completed', 'review'] as const;
export type KeyTab = (typeof keyTabs)[number];

export const keyTabLabels: Readonly<Record<KeyTab, string>> = {
  all: 'All',
  missing: 'Missing',
  unverified: 'Unverified',
  completed: 'Completed',
  review: 'Review queue',
};

type TabFacts = Pick<TranslatableKey, 'translated_key_value_text' | 'translated_key_reference_hash' | 'hash'> &
  Partial<Pick<TranslatableKey, 'ai_score'>>;

/**
 * Which of Missing / Unverified / Completed a key belongs to. Every key is in exactly one, so the three
 * counts add up to All. A key with an AI ask under way stays where its current translation puts it.
 */
export function tabOf(key: TabFacts): Exclude<KeyTab, 'all' | 'review'> {
  if (key.translated_key_value_text === null) return 'missing';
  return key.translated_key_reference_hash === key.hash ? 'completed' : 'unverified';
}

/**
 * The review queue: the unverified AI translations that have a score, the most doubtful first (equal scores in
 * the story's order), so a reviewer starts where a person is most needed.
 */
export function reviewQueue<K extends TabFacts>(keys: readonly K[]): K[] {
  return keys
    .filter((key) => key.ai_score !== null && key.ai_score !== undefined && tabOf(key) === 'unverified')
    .sort((a, b) => a.ai_score! - b.ai_score!);
}

export function keysInTab<K extends TabFacts>(keys: readonly K[], tab: KeyTab): K[] {
  if (tab === 'review') return reviewQueue(keys);
  return tab === 'all' ? [...keys] : keys.filter((key) => tabOf(key) === tab);
}

export function tabCounts(keys: readonly TabFacts[]): Record<KeyTab, number> {
  const counts: Record<KeyTab, number> = { all: keys.length, missing: 0, unverified: 0, completed: 0, review: 0 };
  for (const key of keys) counts[tabOf(key)] += 1;
  counts.review = reviewQueue(keys).length;
  return counts;
}
