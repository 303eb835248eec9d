/**
 * How a key is named where people read it: its component and field as the content team named them in
 * Storyblok, and the part of the field it is (an SEO text, an image's alt text or title, a table cell).
 */

export interface KeyNaming {
  key: string;
  component: string;
  field: string;
  field_type: string;
  /** A table cell's place (row 0 is the header). */
  table_cell?: { row: number; column: number } | null;
}

/** An entry of a datasource: its `field` is the entry's name, which is all a translator needs to read. */
export const DATASOURCE_ENTRY_FIELD_TYPE = 'special_polyblok_datasource_entry';

export const isSeoFieldType = (fieldType: string) =>
  fieldType === 'custom_seo' || fieldType.startsWith('special_polyblok_seo_');

/** The SEO sub-field of a key (`<uid>:<component>:<field>:<subfield>`), when it is one. */
export function seoSubfieldOf(key: KeyNaming): string | null {
  if (!isSeoFieldType(key.field_type)) return null;
  return key.key.split(':')[3] ?? null;
}

function partOf(key: KeyNaming): string | null {
  const subfield = seoSubfieldOf(key);
  if (subfield !== null) return subfield;
  if (key.field_type === 'special_polyblok_asset_alt') return 'alt text';
  if (key.field_type === 'special_polyblok_asset_title') return 'title';
  if (key.field_type === 'special_polyblok_table_cell') {
    if (!key.table_cell) return 'table cell';
    const { row, column } = key.table_cell;
    return row === 0 ? `header, column ${column}` : `row ${row}, column ${column}`;
  }
  return null;
}

/**
 * Where the key is in the story: `teaser › headline`, `page › seo › title`, `pricing › prices › row 2, column 1`; a
 * datasource entry by its name.
 */
export function keyPath(key: KeyNaming): string {
  if (key.field_type === DATASOURCE_ENTRY_FIELD_TYPE) return key.field;
  const part = partOf(key);
  return [key.component, key.field, ...(part ? [part] : [])].join(' › ');
}

/** A table cell's place as a key's detail holds it (`{ row, column }`), or null. */
export function tableCellOf(detail: unknown): { row: number; column: number } | null {
  const { row, column } = (detail && typeof detail === 'object' ? detail : {}) as Record<string, unknown>;
  return typeof row === 'number' && typeof column === 'number' ? { row, column } : null;
}
