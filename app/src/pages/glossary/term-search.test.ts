import { describe, expect, it } from 'vitest';
import type { GlossaryTerm } from '#contract/glossary.ts';
import { localeFilterOf, searchTerms, sortTerms, unknownLocaleOf } from './term-search.ts';

const term = (id: number, translatable: string, translated: string, description: string | null = null) =>
  ({
    id,
    translatable,
    translated,
    global: true,
    locales: [],
    description,
    case_sensitive: false,
    do_not_translate: false,
    updated_at: '2025-01-01T00:00:00.000Z',
  }) satisfies GlossaryTerm;

const terms = [
  term(1, 'checkout', 'Kasse'),
  term(2, 'Cart', 'Warenkorb', 'The shopping cart page'),
  term(3, 'Apple', 'Apple', 'The brand, not the fruit'),
];

describe('glossary search', () => {
  it('matches every typed word in the term, its translation or its description, in any case', () => {
    expect(searchTerms(terms, 'KASSE').map((t) => t.id)).toEqual([1]);
    expect(searchTerms(terms, 'shopping page').map((t) => t.id)).toEqual([2]);
    expect(searchTerms(terms, 'shopping fruit')).toEqual([]);
    expect(searchTerms(terms, '  ')).toHaveLength(3);
  });

  it('sorts alphabetically regardless of case', () => {
    expect(sortTerms(terms).map((t) => t.translatable)).toEqual(['Apple', 'Cart', 'checkout']);
  });

  it('reads the locale filter from the URL, falling back to all', () => {
    expect(localeFilterOf('de', ['de', 'fr'])).toBe('de');
    expect(localeFilterOf('it', ['de', 'fr'])).toBe('all');
    expect(localeFilterOf(null, ['de'])).toBe('all');
    expect(localeFilterOf('all', ['de'])).toBe('all');
    expect(unknownLocaleOf('it', ['de', 'fr'])).toBe('it');
    expect(unknownLocaleOf('de', ['de', 'fr'])).toBeNull();
    expect(unknownLocaleOf('all', ['de'])).toBeNull();
    expect(unknownLocaleOf(null, ['de'])).toBeNull();
  });
});
