import { describe, expect, it } from 'vitest';
import type { SpaceLocale } from '#contract/spaces.ts';
import { comparedLocales } from './use-content-params.ts';

const locale = (code: string, id: number): SpaceLocale => ({
  id,
  code,
  name: code.toUpperCase(),
  translated_key_count: 0,
  missing_translated_keys_count: 0,
  missing_verified_translated_keys_count: 0,
  last_translation_at: null,
});
const space = [locale('de', 1), locale('fr', 2), locale('it', 3), locale('es', 4)];
const codes = (value: string | null) => comparedLocales(value, space).map((one) => one.code);

describe('the languages side by side of ?locales=', () => {
  it('keeps the space’s languages in the order asked', () => {
    expect(codes('fr,de')).toEqual(['fr', 'de']);
    expect(codes(' it , fr,de')).toEqual(['it', 'fr', 'de']);
  });

  it('drops unknown and repeated codes, and keeps at most three', () => {
    expect(codes('xx,de,de,fr')).toEqual(['de', 'fr']);
    expect(codes('de,fr,it,es')).toEqual(['de', 'fr', 'it']);
  });

  it('is no comparison with fewer than two languages left', () => {
    expect(codes(null)).toEqual([]);
    expect(codes('')).toEqual([]);
    expect(codes('de')).toEqual([]);
    expect(codes('xx,yy,de')).toEqual([]);
    expect(codes(',,,')).toEqual([]);
  });
});
