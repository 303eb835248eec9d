import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';

/** An image of the asset library as an asset field holds it. */
export const galleryAsset = (id: number, alt: string, title = '') => ({
  id,
  alt,
  name: `photo-${id}.jpg`,
  focus: '',
  title,
  source: '',
  filename: `https://a.storyblok.com/f/${basicFixture.spaceId}/800x600/${id}/photo-${id}.jpg`,
  copyright: '© Polyblok',
  fieldtype: 'asset',
  meta_data: { alt, title, source: '', copyright: '© Polyblok' },
  is_external_url: false,
});

/** A table field as Storyblok holds it, every cell with its `_uid`. */
export const galleryTable = (head: string[], rows: string[][]) => ({
  fieldtype: 'table',
  thead: head.map((value, column) => ({ _uid: `head-${column}`, value, component: '_table_head' })),
  tbody: rows.map((cells, row) => ({
    _uid: `row-${row}`,
    component: '_table_row',
    body: cells.map((value, column) => ({ _uid: `cell-${row}-${column}`, value, component: '_table_col' })),
  })),
});

/** The gallery blok of the home page: an image, three more, a price table; German partly translated in Storyblok. */
export const galleryBlok = {
  _uid: 'gallery-1',
  component: 'gallery',
  hero: galleryAsset(501, 'A lighthouse at dusk', 'Lighthouse'),
  hero__i18n__de: galleryAsset(501, 'Ein Leuchtturm in der Dämmerung', 'Lighthouse'),
  photos: [galleryAsset(502, 'Waves on the rocks'), galleryAsset(503, ''), galleryAsset(504, 'The harbour', 'Harbour')],
  prices: galleryTable(
    ['Tour', 'Price'],
    [
      ['Morning tour', '12 €'],
      ['Night tour', ''],
    ],
  ),
  prices__i18n__de: galleryTable(
    ['Tour', 'Preis'],
    [
      ['Morning tour', '12 €'],
      ['Night tour', ''],
    ],
  ),
};

/** The `gallery` component: a translatable asset, multiasset and table field. */
export const galleryComponent = {
  id: 9100,
  name: 'gallery',
  is_root: false,
  is_nestable: true,
  schema: {
    hero: { type: 'asset', pos: 0, translatable: true, filetypes: ['images'] },
    photos: { type: 'multiasset', pos: 1, translatable: true, filetypes: ['images'] },
    prices: { type: 'table', pos: 2, translatable: true },
  },
};

/**
 * A copy of the basic space whose components include `gallery` (a translatable asset, multiasset and table
 * field) and whose home page holds one gallery blok. Answers the data folder (the caller removes it).
 */
export function galleryData(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'polyblok-gallery-'));
  cpSync(basicFixture.dir, dataDir, { recursive: true });
  const spaceDir = path.join(dataDir, 'spaces', String(basicFixture.spaceId));
  const components = JSON.parse(readFileSync(path.join(spaceDir, 'components.json'), 'utf8')) as unknown[];
  components.push(galleryComponent);
  writeFileSync(path.join(spaceDir, 'components.json'), JSON.stringify(components, null, 2));
  const file = path.join(spaceDir, 'stories', '10-home.json');
  const home = JSON.parse(readFileSync(file, 'utf8')) as { story: { content: { body: unknown[] } } };
  home.story.content.body = [galleryBlok];
  writeFileSync(file, JSON.stringify(home, null, 2));
  return dataDir;
}
