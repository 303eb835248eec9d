import { describe, expect, it } from 'vitest';
import { editorKindOf, fieldTypeLabel, keyPath, seoLengthLimit } from './key-label.ts';

const key = (fieldType: string, path: string) => {
  const [, component, field] = path.split(':');
  return { key: path, component: component!, field: field!, field_type: fieldType };
};

describe('key labels', () => {
  it('name a key by its component and field, and SEO keys by their sub-field', () => {
    expect(keyPath(key('text', 'u1:teaser:headline'))).toBe('teaser › headline');
    expect(keyPath(key('custom_seo', 'u1:page:seo:description'))).toBe('page › seo › description');
    expect(keyPath(key('special_polyblok_seo_og_title', 'u1:page:meta:og_title'))).toBe('page › meta › og_title');
  });

  it('name an image text by what it is, and a table cell by its place', () => {
    expect(keyPath(key('special_polyblok_asset_alt', 'u1:gallery:photos:a12:alt'))).toBe('gallery › photos › alt text');
    expect(keyPath(key('special_polyblok_asset_title', 'u1:gallery:hero:title'))).toBe('gallery › hero › title');
    const cell = (row: number, column: number) => ({
      ...key('special_polyblok_table_cell', 'u1:pricing:prices:c1'),
      table_cell: { row, column },
    });
    expect(keyPath(cell(0, 2))).toBe('pricing › prices › header, column 2');
    expect(keyPath(cell(3, 1))).toBe('pricing › prices › row 3, column 1');
    expect(fieldTypeLabel('special_polyblok_asset_alt')).toBe('Alt text');
    expect(fieldTypeLabel('special_polyblok_table_cell')).toBe('Table cell');
    expect(keyPath(key('special_polyblok_slug', 'story-10:story:slug'))).toBe('story › slug');
    expect(fieldTypeLabel('special_polyblok_slug')).toBe('Slug');
  });

  it('give SEO titles and descriptions their search-result lengths', () => {
    expect(seoLengthLimit(key('custom_seo', 'u1:page:seo:title'))).toBe(60);
    expect(seoLengthLimit(key('special_polyblok_seo_description', 'u1:page:meta:description'))).toBe(160);
    expect(seoLengthLimit(key('text', 'u1:page:title'))).toBeNull();
  });

  it('choose the editor and the label by field type', () => {
    expect(editorKindOf('richtext')).toBe('richtext');
    expect(editorKindOf('markdown')).toBe('markdown');
    expect(editorKindOf('textarea')).toBe('text');
    expect(fieldTypeLabel('special_polyblok_seo_title')).toBe('SEO');
    expect(fieldTypeLabel('textarea')).toBe('Long text');
  });
});
