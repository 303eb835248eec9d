import { createHash } from 'node:crypto';
import { resolveLanguage } from './i18n.ts';
import { clone, type FakeStoryblokState } from './state.ts';
import type { StoryRecord } from './types.ts';

/** Keys of a MAPI list item (reference §1.7): the story without `content`. */
const listKeys = [
  'name',
  'parent_id',
  'group_id',
  'alternates',
  'created_at',
  'deleted_at',
  'sort_by_date',
  'tag_list',
  'updated_at',
  'published_at',
  'id',
  'uuid',
  'is_folder',
  'content_type',
  'published',
  'slug',
  'path',
  'full_slug',
  'default_root',
  'disable_fe_editor',
  'parent',
  'is_startpage',
  'unpublished_changes',
  'meta_data',
  'imported_at',
  'preview_token',
  'pinned',
  'breadcrumbs',
  'publish_at',
  'expire_at',
  'first_published_at',
  'last_author',
  'last_author_id',
  'release_ids',
  'user_ids',
  'space_role_ids',
  'position',
  'stage',
  'favourite_for_user_ids',
  'scheduled_dates',
] as const;

const cdnKeys = [
  'name',
  'created_at',
  'published_at',
  'updated_at',
  'id',
  'uuid',
  'content',
  'slug',
  'full_slug',
  'sort_by_date',
  'position',
  'tag_list',
  'is_startpage',
  'parent_id',
  'meta_data',
  'group_id',
  'first_published_at',
  'release_id',
  'lang',
  'path',
  'alternates',
  'default_full_slug',
  'translated_slugs',
] as const;

function pick(story: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in story) out[key] = story[key];
  return out;
}

function parentOf(state: FakeStoryblokState, spaceId: number, story: StoryRecord) {
  const parent = story.parent_id ? state.space(spaceId).stories.get(story.parent_id)?.story : undefined;
  return parent ? { id: parent.id, uuid: parent.uuid, name: parent.name, slug: parent.slug } : null;
}

function breadcrumbs(state: FakeStoryblokState, spaceId: number, story: StoryRecord) {
  return state.ancestors(spaceId, story).map((a) => ({
    id: a.id,
    name: a.name,
    parent_id: a.parent_id,
    disable_fe_editor: false,
    path: null,
    slug: a.slug,
    translated_slugs: null,
  }));
}

function previewToken(story: StoryRecord) {
  const timestamp = String(Math.floor(Date.parse(story.updated_at) / 1000) || 0);
  const token = createHash('sha1').update(`${story.id}:${timestamp}`).digest('hex');
  return { token, timestamp };
}

export interface ListOptions {
  withSummary: boolean;
  withTranslatedStories: boolean;
}

export function mapiListItem(
  state: FakeStoryblokState,
  spaceId: number,
  story: StoryRecord,
  options: ListOptions,
): Record<string, unknown> {
  const full = { ...story, parent: parentOf(state, spaceId, story), preview_token: previewToken(story) };
  const item = clone(pick(full, listKeys));
  item.breadcrumbs = breadcrumbs(state, spaceId, story);
  if (options.withSummary) {
    // Root-level attributes only: nested bloks and objects stay out of a summary.
    item.content_summary = Object.fromEntries(
      Object.entries(story.content).filter(([, v]) => v === null || typeof v !== 'object'),
    );
  } else {
    item.content_summary = {};
  }
  if (options.withTranslatedStories) item.translated_stories = clone(story.translated_stories);
  return item;
}

export function mapiDetail(state: FakeStoryblokState, spaceId: number, story: StoryRecord): Record<string, unknown> {
  return {
    translated_slugs: [],
    localized_paths: [],
    ...clone(story),
    parent: parentOf(state, spaceId, story),
    breadcrumbs: breadcrumbs(state, spaceId, story),
    preview_token: previewToken(story),
  };
}

export interface CdnViewOptions {
  language: string | null;
  fallbackLang: string | null;
  keepRawI18n: boolean;
  prefixFullSlug: boolean;
}

/** A story as the CDN delivers it: fewer fields, and content resolved for the requested language. */
export function cdnStory(story: StoryRecord, options: CdnViewOptions): Record<string, unknown> {
  const out = clone(pick({ ...story, content: null }, cdnKeys));
  out.content = resolveLanguage(story.content, options.language, options.fallbackLang, options.keepRawI18n);
  out.lang = options.language ?? 'default';
  out.release_id = null;
  out.default_full_slug = options.language ? story.full_slug : null;
  out.translated_slugs = (story.translated_slugs as unknown) ?? null;
  if (options.language && options.prefixFullSlug) out.full_slug = `${options.language}/${story.full_slug}`;
  out.parent_id = story.parent_id ?? 0;
  out.path ??= null;
  out.sort_by_date ??= null;
  out.meta_data ??= null;
  out.alternates ??= [];
  return out;
}

export function cdnLink(story: StoryRecord, includeDates: boolean): Record<string, unknown> {
  const realPath = `/${story.full_slug.replace(/\/$/, '')}`;
  const link: Record<string, unknown> = {
    id: story.id,
    uuid: story.uuid,
    slug: story.full_slug,
    path: story.path ?? null,
    parent_id: story.parent_id ?? 0,
    name: story.name,
    is_folder: story.is_folder,
    published: story.published,
    is_startpage: story.is_startpage,
    position: story.position,
    real_path: realPath === '/' ? '/' : realPath,
  };
  if (includeDates) {
    link.published_at = story.published_at;
    link.created_at = story.created_at;
    link.updated_at = story.updated_at;
  }
  return link;
}
