/**
 * The text sub-fields of Polyblok's SEO field plugin value. The plugin writes them and the sync imports each one
 * as a `special_polyblok_seo_<subfield>` key: one list for both, since renaming one would lose its translations.
 * Image URLs (og_image, twitter_image) are not translated text.
 */
export const seoTextSubfields = [
  'title',
  'description',
  'og_title',
  'og_description',
  'twitter_title',
  'twitter_description',
] as const;

export type SeoTextSubfield = (typeof seoTextSubfields)[number];
