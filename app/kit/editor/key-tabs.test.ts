import { describe, expect, it } from 'vitest';
import { keysInTab, tabCounts, tabOf } from './key-tabs.ts';

const key = (id: number, translated: string | null, reference: string | null, hash = 'h') => ({
  id,
  hash,
  translated_key_value_text: translated,
  translated_key_reference_hash: reference,
});

const keys = [
  key(1, null, null),
  key(2, 'Hallo', null),
  key(3, 'Welt', 'h'),
  // Verified once, then the source changed: unverified again.
  key(4, 'Alt', 'old-hash', 'new-hash'),
];

describe('key tabs', () => {
  it('put every key in exactly one of Missing, Unverified and Completed', () => {
    expect(keys.map(tabOf)).toEqual(['missing', 'unverified', 'completed', 'unverified']);
  });

  it('count the tabs so that they add up to All', () => {
    expect(tabCounts(keys)).toEqual({ all: 4, missing: 1, unverified: 2, completed: 1, review: 0 });
  });

  it('filter by tab, All keeping the story order', () => {
    expect(keysInTab(keys, 'all').map((k) => k.id)).toEqual([1, 2, 3, 4]);
    expect(keysInTab(keys, 'unverified').map((k) => k.id)).toEqual([2, 4]);
    expect(keysInTab(keys, 'missing').map((k) => k.id)).toEqual([1]);
  });

  it('queue the unverified AI-scored keys for review, the lowest score first, equal scores in story order', () => {
    const scored = [
      { ...key(1, 'Eins', null), ai_score: 80 },
      { ...key(2, 'Zwei', null), ai_score: 35 },
      // Verified already, and not scored: not in the queue.
      { ...key(3, 'Drei', 'h'), ai_score: 10 },
      { ...key(4, 'Vier', null), ai_score: null },
      { ...key(5, null, null), ai_score: null },
      { ...key(6, 'Sechs', null), ai_score: 35 },
    ];
    expect(keysInTab(scored, 'review').map((k) => k.id)).toEqual([2, 6, 1]);
    expect(tabCounts(scored).review).toBe(3);
  });
});
