import type { TranslatableKey } from '#contract/content.ts';
import { DATASOURCE_ENTRY_FIELD_TYPE, isSeoFieldType, seoSubfieldOf } from '#contract/content-format/key-naming.ts';

export { keyPath, seoSubfieldOf } from '#contract/content-format/key-naming.ts';

type KeyNaming = Pick<TranslatableKey, 'key' | 'component' | 'field' | 'field_type'>;

/** How a key's value is edited: a structure-keeping richtext editor, or a text area. */
export type EditorKind = 'richtext' | 'markdown' | 'text';

export function editorKindOf(fieldType: string): EditorKind {
  if (fieldType === 'richtext') return 'richtext';
  if (fieldType === 'markdown') return 'markdown';
  return 'text';
}

export function fieldTypeLabel(fieldType: string): string {
  if (isSeoFieldType(fieldType)) return 'SEO';
  switch (fieldType) {
    case 'special_polyblok_asset_alt':
      return 'Alt text';
    case 'special_polyblok_asset_title':
      return 'Image title';
    case 'special_polyblok_table_cell':
      return 'Table cell';
    case 'special_polyblok_slug':
      return 'Slug';
    case DATASOURCE_ENTRY_FIELD_TYPE:
      return 'Datasource entry';
    case 'richtext':
      return 'Rich text';
    case 'markdown':
      return 'Markdown';
    case 'textarea':
      return 'Long text';
    default:
      return 'Text';
  }
}

/** Search results cut titles near 60 characters and descriptions near 160 (the SEO field plugin's limits). */
export function seoLengthLimit(key: KeyNaming): number | null {
  const subfield = seoSubfieldOf(key);
  if (subfield === null) return null;
  if (subfield.endsWith('title')) return 60;
  if (subfield.endsWith('description')) return 160;
  return null;
}
