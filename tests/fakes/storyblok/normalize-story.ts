import { z } from 'zod';
import { stableUuid } from './random.ts';
import { readTranslatedSlugs } from './translated-slugs.ts';
import type { StoryRecord } from './types.ts';

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);
const when = z.string().nullish();

export const storyInputSchema = z
  .looseObject({
    id,
    name: z.string().optional(),
    slug: z.string().optional(),
    full_slug: z.string().optional(),
    uuid: z.string().optional(),
    parent_id: id.nullish(),
    is_folder: z.boolean().optional(),
    is_startpage: z.boolean().optional(),
    published: z.boolean().nullish(),
    unpublished_changes: z.boolean().nullish(),
    published_at: when,
    first_published_at: when,
    created_at: when,
    updated_at: when,
    position: z.number().nullish(),
    tag_list: z.array(z.string()).nullish(),
    content: z.record(z.string(), z.unknown()).nullish(),
    translated_stories: z.array(z.looseObject({ lang: z.string() })).nullish(),
  })
  .refine((s) => Boolean(s.name || s.slug), { message: 'a story needs a name or a slug' });

export type StoryInput = z.output<typeof storyInputSchema>;

const fallbackTime = '2024-01-01T00:00:00.000Z';

export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'story'
  );
}

/**
 * Fills what exports often leave out with the values Storyblok gives a fresh story. `full_slug` stays empty
 * when missing; the loader computes it once every story of the space is known.
 */
export function normalizeStory(spaceId: number, s: StoryInput): StoryRecord {
  const name = s.name ?? s.slug ?? String(s.id);
  const published = s.published ?? false;
  const updatedAt = s.updated_at ?? s.created_at ?? fallbackTime;
  const publishedAt = s.published_at ?? (published ? updatedAt : null);
  const content = (s.content ?? {}) as Record<string, unknown>;
  return {
    // Fields of the MAPI story object that carry no meaning here, at their fresh-story values.
    path: null,
    group_id: stableUuid('group', spaceId, s.id),
    sort_by_date: null,
    pinned: false,
    publish_at: null,
    expire_at: null,
    deleted_at: null,
    default_root: null,
    disable_fe_editor: false,
    alternates: [],
    meta_data: null,
    release_ids: [],
    stage: null,
    last_author: null,
    ...s,
    id: s.id,
    uuid: s.uuid ?? stableUuid('story', spaceId, s.id),
    name,
    slug: s.slug ?? slugify(name),
    full_slug: s.full_slug ?? '',
    parent_id: s.parent_id ?? 0,
    is_folder: s.is_folder ?? false,
    is_startpage: s.is_startpage ?? false,
    published,
    unpublished_changes: s.unpublished_changes ?? false,
    published_at: publishedAt,
    first_published_at: s.first_published_at ?? publishedAt,
    created_at: s.created_at ?? updatedAt,
    updated_at: updatedAt,
    position: s.position ?? 0,
    tag_list: s.tag_list ?? [],
    content,
    content_type: typeof content.component === 'string' ? content.component : null,
    ...(s.translated_slugs === undefined ? {} : { translated_slugs: readTranslatedSlugs(s.id, s.translated_slugs) }),
    translated_stories: (s.translated_stories ?? []).map((t) => ({
      published_at: null,
      unpublished_changes: false,
      ...t,
    })),
  };
}
