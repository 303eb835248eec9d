import type { TranslatedStory } from '../../storyblok-access/index.ts';

/** A language's publication as Polyblok keeps it on the story (`story_nodes.translated_stories`). */
export type StoredLanguagePublication = {
  lang: string;
  published_at: string | null;
  unpublished_changes: boolean;
};

/**
 * Storyblok's `translated_stories` in the form the story keeps: only what the readiness list reads, in a stable
 * order so an unchanged answer compares equal and writes nothing.
 */
export function publicationOf(translated: readonly TranslatedStory[]): StoredLanguagePublication[] {
  return translated
    .map((entry) => ({
      lang: entry.lang,
      published_at: isoTime(entry.published_at),
      unpublished_changes: entry.unpublished_changes,
    }))
    .sort((a, b) => a.lang.localeCompare(b.lang));
}

/** A time as the readiness list reads it back (a timestamp); anything else Storyblok might send counts as none. */
function isoTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
