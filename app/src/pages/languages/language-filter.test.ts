import { describe, expect, it } from 'vitest';
import type { SpaceLocale } from '#contract/spaces.ts';
import { filterLanguages, isLanguageTab, languageTabCounts } from './language-filter.ts';

function locale(code: string, missing: number, missingVerified: number): SpaceLocale {
  return {
    id: code.length,
    code,
    name: code,
    translated_key_count: 10 - missing,
    missing_translated_keys_count: missing,
    missing_verified_translated_keys_count: missingVerified,
    last_translation_at: null,
  };
}

const german = locale('de', 0, 0);
const french = locale('fr', 0, 4);
const spanish = locale('es', 10, 10);
const all = [german, french, spanish];

describe('language tabs', () => {
  it('All keeps every language in order', () => {
    expect(filterLanguages(all, 'all', 10).map((l) => l.code)).toEqual(['de', 'fr', 'es']);
  });

  it('To do keeps languages with keys to translate or to verify', () => {
    expect(filterLanguages(all, 'todo', 10).map((l) => l.code)).toEqual(['fr', 'es']);
  });

  it('Completed keeps languages where every key is translated and verified', () => {
    expect(filterLanguages(all, 'completed', 10).map((l) => l.code)).toEqual(['de']);
  });

  it('counts each tab', () => {
    expect(languageTabCounts(all, 10)).toEqual({ all: 3, todo: 2, completed: 1 });
    expect(languageTabCounts([], 10)).toEqual({ all: 0, todo: 0, completed: 0 });
  });

  it('completes nothing in a space without source keys yet', () => {
    const empty = [locale('de', 0, 0), locale('fr', 0, 0)];
    expect(filterLanguages(empty, 'completed', 0)).toEqual([]);
    expect(filterLanguages(empty, 'todo', 0).map((l) => l.code)).toEqual(['de', 'fr']);
    expect(languageTabCounts(empty, 0)).toEqual({ all: 2, todo: 2, completed: 0 });
  });

  it('recognises tab names from the address', () => {
    expect(isLanguageTab('todo')).toBe(true);
    expect(isLanguageTab('done')).toBe(false);
    expect(isLanguageTab(null)).toBe(false);
  });
});
