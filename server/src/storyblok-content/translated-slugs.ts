import { SLUG_FIELD_TYPE, slugKeyOf } from '#contract/slug-rules.ts';
import { countWords } from '#contract/content-format/word-count.ts';
import { contentHash } from './content-hash.ts';
import type { ExtractedKey } from './extract-keys.ts';

/** What a story says of its address: its slug, and each language's where the space translates slugs. */
export interface StorySlugs {
  id: number;
  slug: string;
  translated_slugs?: Array<{ lang: string; slug?: string | null }> | null;
}

/** Whether the story carries translated slugs: Storyblok answers them only where the space uses them. */
export const hasTranslatedSlugs = (story: StorySlugs) =>
  Array.isArray(story.translated_slugs) && story.translated_slugs.length > 0 && story.slug !== '';

/**
 * The story's slug as a key, after its fields (`position`), with the languages' slugs Storyblok holds as its
 * translations. An entry without a slug, or with the story's own, is no translation: the language shows the
 * story's slug.
 */
export function slugKey(story: StorySlugs, localeCodes: string[], position: number): ExtractedKey | null {
  if (!hasTranslatedSlugs(story)) return null;
  const translations: ExtractedKey['translations'] = {};
  for (const entry of story.translated_slugs ?? []) {
    if (!localeCodes.includes(entry.lang) || !entry.slug || entry.slug === story.slug) continue;
    translations[entry.lang] = { value: entry.slug, valueText: entry.slug };
  }
  return {
    key: slugKeyOf(story.id),
    fieldType: SLUG_FIELD_TYPE,
    component: 'story',
    field: 'slug',
    value: story.slug,
    valueText: story.slug,
    hash: contentHash(story.slug),
    wordCount: countWords(story.slug.replace(/-/g, ' ')),
    position,
    translations,
    detail: null,
  };
}

/**
 * What says whether a story changed since it was imported: its content's hash, and where the story carries
 * translated slugs, its slug and theirs too (a slug changed in Storyblok changes no content).
 */
export function storyHash(contentHashOfContent: string, story: StorySlugs | undefined): string {
  if (!story || !hasTranslatedSlugs(story)) return contentHashOfContent;
  const slugs = (story.translated_slugs ?? []).map((entry) => [entry.lang, entry.slug ?? '']).sort();
  return contentHash({ content: contentHashOfContent, slug: story.slug, slugs });
}
