import { truthy, unprocessable } from './http-kit.ts';
import type { SpaceEntry } from './state.ts';
import type { StoryRecord } from './types.ts';

/** One language's slug of a story, as the Translatable Slugs app keeps it. */
export interface TranslatedSlugRecord {
  id: number;
  lang: string;
  slug: string | null;
  name: string | null;
  published: boolean;
}

/** A story's translated slugs as its data gives them, each with an id (made from the story's where missing). */
export function readTranslatedSlugs(storyId: number, value: unknown): TranslatedSlugRecord[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .map((item, index) => ({
      id: typeof item.id === 'number' ? item.id : storyId * 1000 + index + 1,
      lang: String(item.lang),
      slug: typeof item.slug === 'string' ? item.slug : null,
      name: typeof item.name === 'string' ? item.name : null,
      published: item.published === true,
    }));
}

/**
 * `story.translated_slugs_attributes` of a write: an entry with an `id` updates that entry of the story (or, with
 * `_destroy`, removes it); one without creates the language's entry. Languages not sent stay as they are.
 */
export function applyTranslatedSlugs(entry: SpaceEntry, story: StoryRecord, attributes: unknown): void {
  if (!Array.isArray(attributes)) throw unprocessable('translated_slugs_attributes', 'is invalid');
  const slugs = [...((story.translated_slugs as TranslatedSlugRecord[] | undefined) ?? [])];
  const codes = new Set(entry.space.languages.map((language) => language.code));
  for (const raw of attributes) {
    if (!raw || typeof raw !== 'object') throw unprocessable('translated_slugs_attributes', 'is invalid');
    const input = raw as Record<string, unknown>;
    const id = input.id === undefined || input.id === null ? null : Number(input.id);
    if (id !== null) {
      const at = slugs.findIndex((slug) => slug.id === id);
      if (at === -1) throw unprocessable('translated_slugs', 'is invalid');
      if (truthy(input._destroy)) {
        slugs.splice(at, 1);
        continue;
      }
      slugs[at] = { ...slugs[at]!, ...slugFields(input, slugs[at]!) };
      continue;
    }
    const lang = typeof input.lang === 'string' ? input.lang : '';
    if (!codes.has(lang)) throw unprocessable('translated_slugs.lang', 'is invalid');
    if (slugs.some((slug) => slug.lang === lang))
      throw unprocessable('translated_slugs.lang', 'has already been taken');
    const nextId = Math.max(story.id * 1000, ...slugs.map((slug) => slug.id)) + 1;
    slugs.push({ id: nextId, lang, published: false, ...slugFields(input, { slug: null, name: null }) });
  }
  story.translated_slugs = slugs;
}

function slugFields(input: Record<string, unknown>, before: Pick<TranslatedSlugRecord, 'slug' | 'name'>) {
  const slug = 'slug' in input ? input.slug : before.slug;
  if (slug !== null && (typeof slug !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(slug))) {
    throw unprocessable('translated_slugs.slug', 'is invalid');
  }
  const name = 'name' in input ? input.name : before.name;
  return { slug: slug as string | null, name: typeof name === 'string' ? name : null };
}
