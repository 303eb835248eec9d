import { SLUG_FIELD_TYPE } from '#contract/slug-rules.ts';
import type { StoryblokStory, TranslatedSlugWrite } from '../../storyblok-access/index.ts';
import { contentHash } from '../../storyblok-content/content-hash.ts';
import { hasTranslatedSlugs } from '../../storyblok-content/translated-slugs.ts';
import type { PendingTranslation } from './merge-translations.ts';

export const isSlugTranslation = (item: PendingTranslation) => item.fieldType === SLUG_FIELD_TYPE;

export interface SlugWrites {
  /** What the story write sets: one entry per language whose slug changes, with the entry's id where it has one. */
  attributes: TranslatedSlugWrite[];
  /** Translations Storyblok holds once the write is done, as `<key>|<code>`. */
  written: string[];
  /** Slugs not written because the story's own slug changed in Storyblok since they were made. */
  sourceChanged: string[];
}

/**
 * The languages' slugs to write: each existing entry keeps its id (and name), so Storyblok updates it; a
 * language without one gets a new entry. Other languages are not sent and stay as they are. A slug made for a
 * story slug Storyblok no longer has is not written.
 */
export function slugWrites(live: StoryblokStory, pending: PendingTranslation[]): SlugWrites {
  const result: SlugWrites = { attributes: [], written: [], sourceChanged: [] };
  if (!hasTranslatedSlugs(live)) return result;
  for (const item of pending) {
    const entry = `${item.key}|${item.code}`;
    if (contentHash(live.slug) !== item.sourceHash) {
      result.sourceChanged.push(entry);
      continue;
    }
    if (typeof item.value !== 'string') continue;
    const current = live.translated_slugs?.find((slug) => slug.lang === item.code);
    if (current?.slug !== item.value) {
      result.attributes.push(
        typeof current?.id === 'number'
          ? { id: current.id, lang: item.code, slug: item.value, name: current.name ?? null }
          : { lang: item.code, slug: item.value },
      );
    }
    result.written.push(entry);
  }
  return result;
}
