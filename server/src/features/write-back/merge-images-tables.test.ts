import { describe, expect, it } from 'vitest';
import { readComponents } from '../../storyblok-content/component-schema.ts';
import { extractKeys } from '../../storyblok-content/extract-keys.ts';
import { mergeTranslations, type PendingTranslation } from './merge-translations.ts';

const components = readComponents([
  {
    name: 'gallery',
    schema: {
      hero: { type: 'asset', translatable: true, pos: 0 },
      photos: { type: 'multiasset', translatable: true, pos: 1 },
      prices: { type: 'table', translatable: true, pos: 2 },
      logo: { type: 'asset', pos: 3 },
    },
  },
]);

const asset = (id: number, alt: string, title = '') => ({
  id,
  alt,
  name: '',
  focus: '',
  title,
  source: '',
  filename: `https://a.storyblok.com/f/1/${id}.jpg`,
  copyright: '',
  fieldtype: 'asset',
  meta_data: { alt, title, source: '', copyright: '' },
  is_external_url: false,
});

const table = (head: string[], rows: string[][]) => ({
  fieldtype: 'table',
  thead: head.map((value, column) => ({ _uid: `h${column}x`, value, component: '_table_head' })),
  tbody: rows.map((cells, row) => ({
    _uid: `r${row}x`,
    component: '_table_row',
    body: cells.map((value, column) => ({ _uid: `c${row}${column}x`, value, component: '_table_col' })),
  })),
});

const content = {
  _uid: 'g1',
  component: 'gallery',
  hero: asset(7, 'A lighthouse at dusk', 'Lighthouse'),
  hero__i18n__de: { ...asset(7, 'Ein Leuchtturm in der Dämmerung', 'Lighthouse') },
  photos: [asset(1, 'Beach'), asset(2, ''), asset(1, 'Beach again')],
  prices: table(
    ['Plan', 'Price'],
    [
      ['Starter', '9 €'],
      ['', ''],
    ],
  ),
  prices__i18n__de: table(
    ['Tarif', 'Price'],
    [
      ['Starter', '9 €'],
      ['', ''],
    ],
  ),
  logo: asset(9, 'Our logo'),
};

describe('asset and table fields', () => {
  const { keys } = extractKeys(content, components, ['de', 'fr']);
  const byKey = new Map(keys.map((key) => [key.key, key]));
  const pendingOf = (key: string, value: string, code = 'fr'): PendingTranslation => {
    const found = byKey.get(key)!;
    return { key, field: found.field, fieldType: found.fieldType, code, sourceHash: found.hash, value };
  };

  it('makes a key of every alt text, title and non-empty cell, in order, with its image or its place', () => {
    expect(keys.map((key) => [key.key, key.fieldType, key.value])).toEqual([
      ['g1:gallery:hero:alt', 'special_polyblok_asset_alt', 'A lighthouse at dusk'],
      ['g1:gallery:hero:title', 'special_polyblok_asset_title', 'Lighthouse'],
      ['g1:gallery:photos:a1:alt', 'special_polyblok_asset_alt', 'Beach'],
      ['g1:gallery:photos:a1.2:alt', 'special_polyblok_asset_alt', 'Beach again'],
      ['g1:gallery:prices:h0x', 'special_polyblok_table_cell', 'Plan'],
      ['g1:gallery:prices:h1x', 'special_polyblok_table_cell', 'Price'],
      ['g1:gallery:prices:c00x', 'special_polyblok_table_cell', 'Starter'],
      ['g1:gallery:prices:c01x', 'special_polyblok_table_cell', '9 €'],
    ]);
    expect(byKey.get('g1:gallery:hero:alt')!.detail).toEqual({ image: 'https://a.storyblok.com/f/1/7.jpg' });
    expect(byKey.get('g1:gallery:prices:c01x')!.detail).toEqual({ row: 1, column: 2 });
    expect(byKey.get('g1:gallery:prices:h0x')!.detail).toEqual({ row: 0, column: 1 });
  });

  it('imports what Storyblok holds translated, not the source copied into a language', () => {
    expect(byKey.get('g1:gallery:hero:alt')!.translations).toEqual({
      de: { value: 'Ein Leuchtturm in der Dämmerung', valueText: 'Ein Leuchtturm in der Dämmerung' },
    });
    expect(byKey.get('g1:gallery:hero:title')!.translations).toEqual({});
    expect(byKey.get('g1:gallery:prices:h0x')!.translations).toEqual({ de: { value: 'Tarif', valueText: 'Tarif' } });
    expect(byKey.get('g1:gallery:prices:c00x')!.translations).toEqual({});
  });

  it('writes a copy of the source image with its texts replaced at the top level and in meta_data', () => {
    const { content: merged, written } = mergeTranslations(content, [
      pendingOf('g1:gallery:hero:alt', 'Un phare au crépuscule'),
    ]);
    expect(written).toEqual(['g1:gallery:hero:alt|fr']);
    expect(merged.hero__i18n__fr).toEqual({
      ...asset(7, 'Un phare au crépuscule', 'Lighthouse'),
    });
    expect(merged.hero__i18n__de).toEqual(content.hero__i18n__de);
    expect(merged.hero).toEqual(content.hero);
  });

  it('keeps the texts the language already has when another text of the same image is written', () => {
    const { content: merged } = mergeTranslations(content, [pendingOf('g1:gallery:hero:title', 'Leuchtturm', 'de')]);
    expect(merged.hero__i18n__de).toEqual(asset(7, 'Ein Leuchtturm in der Dämmerung', 'Leuchtturm'));
  });

  it('never changes the image itself, even when the language copy points at another one', () => {
    const changed = { ...content, hero__i18n__de: asset(8, 'Ein Leuchtturm in der Dämmerung') };
    const { content: merged } = mergeTranslations(changed, [pendingOf('g1:gallery:hero:title', 'Leuchtturm', 'de')]);
    expect((merged.hero__i18n__de as { filename: string }).filename).toBe('https://a.storyblok.com/f/1/7.jpg');
  });

  it('writes a multiasset whole, every item in order, each text on its own item', () => {
    const { content: merged } = mergeTranslations(content, [
      pendingOf('g1:gallery:photos:a1.2:alt', 'Encore la plage'),
      pendingOf('g1:gallery:photos:a1:alt', 'Plage'),
    ]);
    expect(merged.photos__i18n__fr).toEqual([asset(1, 'Plage'), asset(2, ''), asset(1, 'Encore la plage')]);
  });

  it('writes the whole table, same rows and columns, untranslated cells keeping their source', () => {
    const { content: merged, written } = mergeTranslations(content, [
      pendingOf('g1:gallery:prices:h1x', 'Preis', 'de'),
      pendingOf('g1:gallery:prices:c01x', '9 € pro Monat', 'de'),
    ]);
    expect(written).toHaveLength(2);
    expect(merged.prices__i18n__de).toEqual(
      table(
        ['Tarif', 'Preis'],
        [
          ['Starter', '9 € pro Monat'],
          ['', ''],
        ],
      ),
    );
    const { content: french } = mergeTranslations(content, [pendingOf('g1:gallery:prices:h0x', 'Offre')]);
    expect(french.prices__i18n__fr).toEqual(
      table(
        ['Offre', 'Price'],
        [
          ['Starter', '9 €'],
          ['', ''],
        ],
      ),
    );
  });

  it('leaves a cell or image text alone when its source changed in Storyblok', () => {
    const changed = {
      ...content,
      prices: table(
        ['Plans', 'Price'],
        [
          ['Starter', '9 €'],
          ['', ''],
        ],
      ),
    };
    const { content: merged, sourceChanged } = mergeTranslations(changed, [
      pendingOf('g1:gallery:prices:h0x', 'Offre'),
    ]);
    expect(sourceChanged).toEqual(['g1:gallery:prices:h0x|fr']);
    expect(merged).not.toHaveProperty('prices__i18n__fr');
  });
});
