import { describe, expect, it } from 'vitest';
import { datasourceHash, datasourceKeys, dimensionOf, entryIdOfKey, entryKeyOf } from './datasource-keys.ts';

const read = (values: Array<[string, Array<[number, string]>]> = []) => ({
  slug: 'navigation',
  entries: [
    { id: 1, name: 'nav_home', value: 'Home' },
    { id: 2, name: 'nav_empty', value: '  ' },
    { id: 3, name: 'nav_about', value: 'About us' },
  ],
  values: new Map(values.map(([code, entries]) => [code, new Map(entries)])),
});

describe('datasource keys', () => {
  it('makes a key of each entry with a value, named by the entry, with its language values as translations', () => {
    const keys = datasourceKeys(
      read([
        [
          'de',
          [
            [1, 'Startseite'],
            [3, ' '],
          ],
        ],
      ]),
    );
    expect(keys.map((key) => [key.key, key.field, key.component, key.value, key.position, key.wordCount])).toEqual([
      ['datasource_entry:1', 'nav_home', 'navigation', 'Home', 0, 1],
      ['datasource_entry:3', 'nav_about', 'navigation', 'About us', 1, 2],
    ]);
    expect(keys[0]!.translations).toEqual({ de: { value: 'Startseite', valueText: 'Startseite' } });
    // A blank value in the dimension is no translation.
    expect(keys[1]!.translations).toEqual({});
  });

  it('tells an entry’s key from any other key', () => {
    expect(entryIdOfKey(entryKeyOf(7201))).toBe(7201);
    expect(entryIdOfKey('abc:teaser:headline')).toBeNull();
    expect(entryIdOfKey('datasource_entry:7x')).toBeNull();
  });

  it('hashes the entries and every language’s values, in no particular order', () => {
    const base = datasourceHash(
      read([
        ['de', [[1, 'Startseite']]],
        ['fr', [[3, 'À propos']]],
      ]),
    );
    expect(
      datasourceHash(
        read([
          ['fr', [[3, 'À propos']]],
          ['de', [[1, 'Startseite']]],
        ]),
      ),
    ).toBe(base);
    expect(
      datasourceHash(
        read([
          ['de', [[1, 'Start']]],
          ['fr', [[3, 'À propos']]],
        ]),
      ),
    ).not.toBe(base);
    expect(datasourceHash(read())).not.toBe(base);
  });

  it('maps a language to the dimension its mapping or its code names', () => {
    const dimensions = [
      { id: 11, name: 'German', entry_value: 'de' },
      { id: 12, name: 'Austrian', entry_value: 'de-at' },
    ];
    expect(dimensionOf(dimensions, { code: 'de', datasourceDimension: null })?.id).toBe(11);
    expect(dimensionOf(dimensions, { code: 'de', datasourceDimension: 'de-at' })?.id).toBe(12);
    expect(dimensionOf(dimensions, { code: 'fr', datasourceDimension: null })).toBeNull();
  });
});
