import { describe, expect, it } from 'vitest';
import {
  completionPercent,
  isLocaleComplete,
  localeCompletion,
  spaceCompletion,
  unverifiedCount,
} from './completion.ts';

const locale = (translated: number, missing: number, missingVerified: number) => ({
  translated_key_count: translated,
  missing_translated_keys_count: missing,
  missing_verified_translated_keys_count: missingVerified,
});

describe('completion', () => {
  it('divides a space’s translated keys by its source keys times its languages, rounded', () => {
    // 120 source keys in 2 languages: 240 to translate, 150 done.
    const space = {
      translatable_keys_count: 120,
      translated_keys_count: 150,
      space_locales: [locale(100, 20, 60), locale(50, 70, 70)],
    };
    expect(spaceCompletion(space)).toBe(63);
  });

  it('is 0 for a space without keys or without languages', () => {
    expect(
      spaceCompletion({ translatable_keys_count: 0, translated_keys_count: 0, space_locales: [locale(0, 0, 0)] }),
    ).toBe(0);
    expect(spaceCompletion({ translatable_keys_count: 40, translated_keys_count: 0, space_locales: [] })).toBe(0);
  });

  it('divides a language’s translated keys by the source keys', () => {
    expect(localeCompletion(locale(50, 70, 70), 120)).toBe(42);
    expect(localeCompletion(locale(120, 0, 0), 120)).toBe(100);
  });

  it('never rounds an unfinished language up to 100% or a started one down to 0%', () => {
    expect(completionPercent(999, 1000)).toBe(99);
    expect(completionPercent(1, 1000)).toBe(1);
    expect(completionPercent(0, 1000)).toBe(0);
  });

  it('counts the translated but unverified keys', () => {
    expect(unverifiedCount(locale(100, 20, 60))).toBe(40);
    expect(unverifiedCount(locale(0, 120, 120))).toBe(0);
  });

  it('calls a language complete only when every key is translated and verified', () => {
    expect(isLocaleComplete(locale(120, 0, 0))).toBe(true);
    expect(isLocaleComplete(locale(120, 0, 3))).toBe(false);
    expect(isLocaleComplete(locale(100, 20, 20))).toBe(false);
  });
});
