import type { TranslatableKey } from '#contract/content.ts';

type KeyNaming = Pick<TranslatableKey, 'key' | 'component' | 'field' | 'field_type'>;

/** How a key's value is edited: a structure-keeping richtext editor, or a text area. */
export type EditorKind = 'richtext' | 'markdown' | 'text';

export function editorKindOf(fieldType: string): EditorKind {
  if (fieldType === 'richtext') return 'richtext';
  if (fieldType === 'markdown') return 'markdown';
  return 'text';
}

const isSeo = (fieldType: string) => fieldType === 'custom_seo' || fieldType.startsWith('special_polyblok_seo_');

/** The SEO sub-field of a key (`<uid>:<component>:<field>:<subfield>`), when it is one. */
export function seoSubfieldOf(key: KeyNaming): string | null {
  if (!isSeo(key.field_type)) return null;
  return key.key.split(':')[3] ?? null;
}

/** Where the key is in the story, as the content team named it in Storyblok: `teaser › headline`. */
export function keyPath(key: KeyNaming): string {
  const subfield = seoSubfieldOf(key);
  return [key.component, key.field, ...(subfield ? [subfield] : [])].join(' › ');
}

export function fieldTypeLabel(fieldType: string): string {
  if (isSeo(fieldType)) return 'SEO';
  switch (fieldType) {
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
