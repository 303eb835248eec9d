import type { SeoTextSubfield } from '#contract/content-format/seo-subfields.ts';
import type { TranslatableKind } from './component-schema.ts';

export { seoTextSubfields, type SeoTextSubfield } from '#contract/content-format/seo-subfields.ts';

/** The key field type of an SEO sub-field: Polyblok's plugin has one per sub-field, Storyblok's SEO app one for all. */
export function seoFieldType(
  kind: Extract<TranslatableKind, 'polyblok-seo' | 'seo-metatags'>,
  subfield: SeoTextSubfield,
): string {
  return kind === 'polyblok-seo' ? `special_polyblok_seo_${subfield}` : 'custom_seo';
}
