import type { TranslatableKind } from './component-schema.ts';

/** The text sub-fields of an SEO plugin value; image URLs are kept as they are. */
export const seoTextSubfields = [
  'title',
  'description',
  'og_title',
  'og_description',
  'twitter_title',
  'twitter_description',
] as const;

export type SeoTextSubfield = (typeof seoTextSubfields)[number];

/** The key field type of an SEO sub-field: Polyblok's plugin has one per sub-field, Storyblok's SEO app one for all. */
export function seoFieldType(
  kind: Extract<TranslatableKind, 'polyblok-seo' | 'seo-metatags'>,
  subfield: SeoTextSubfield,
): string {
  return kind === 'polyblok-seo' ? `special_polyblok_seo_${subfield}` : 'custom_seo';
}
