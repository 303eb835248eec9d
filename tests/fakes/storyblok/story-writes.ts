import { randomUUID } from 'node:crypto';
import { dropUntranslatableKeys } from './i18n.ts';
import { FakeHttpError, truthy, unprocessable } from './http-kit.ts';
import { joinSlug } from './normalize-data.ts';
import { normalizeStory } from './normalize-story.ts';
import { applyTranslatedSlugs } from './translated-slugs.ts';
import { clone, type FakeStoryblokState, type SpaceEntry } from './state.ts';
import type { Content, StoredStory, StoryRecord } from './types.ts';

/** Story properties a write may set; the rest (id, uuid, timestamps, publish state, full_slug) is Storyblok's. */
const writableKeys = [
  'name',
  'slug',
  'parent_id',
  'content',
  'tag_list',
  'is_startpage',
  'sort_by_date',
  'position',
  'path',
  'meta_data',
  'group_id',
  'alternates',
  'disable_fe_editor',
  'publish_at',
  'expire_at',
  'default_root',
] as const;

export interface WriteBody {
  story?: Record<string, unknown>;
  publish?: unknown;
  lang?: unknown;
  force_update?: unknown;
}

function applyI18nPolicy(state: FakeStoryblokState, entry: SpaceEntry, content: Content): Content {
  if (state.behaviour.i18nWrites === 'keep') return content;
  const codes = new Set(entry.space.languages.map((l) => l.code));
  return dropUntranslatableKeys(content, codes, entry.componentsByName);
}

function checkPlacement(entry: SpaceEntry, story: StoryRecord, parentChanged: boolean): void {
  if (!story.slug) throw unprocessable('slug', "can't be blank");
  if (parentChanged && story.parent_id) {
    const parent = entry.stories.get(story.parent_id)?.story;
    if (!parent || !parent.is_folder) throw unprocessable('parent_id', 'must be a folder');
  }
  for (const { story: other } of entry.stories.values()) {
    if (other.id !== story.id && other.full_slug === story.full_slug) {
      throw unprocessable('slug', 'has already been taken'); // [UNCONFIRMED] exact text
    }
  }
}

function placedFullSlug(entry: SpaceEntry, story: StoryRecord): string {
  const parent = story.parent_id ? entry.stories.get(story.parent_id)?.story : undefined;
  return joinSlug(parent?.full_slug ?? '', story.is_startpage ? '' : story.slug);
}

function moveDescendants(entry: SpaceEntry, folder: StoryRecord): void {
  for (const { story } of entry.stories.values()) {
    if (story.parent_id === folder.id && story.id !== folder.id) {
      story.full_slug = placedFullSlug(entry, story);
      if (story.is_folder) moveDescendants(entry, story);
    }
  }
}

function publishLangs(lang: unknown): string[] | null {
  if (typeof lang !== 'string' || !lang) return null;
  return lang.split(',').map((l) => l.trim());
}

/**
 * Publishes the story; with `lang` in a space that publishes translations individually, only those languages
 * (`[default]` being the default one). A whole-story publish in such a space publishes each of its languages.
 */
export function publishStored(state: FakeStoryblokState, spaceId: number, stored: StoredStory, lang?: unknown): void {
  const story = stored.story;
  const space = state.space(spaceId).space;
  let langs = publishLangs(lang);
  if (langs && !space.use_translated_stories) {
    if (state.behaviour.langPublishWithoutSetting === 'refuse') {
      throw unprocessable('lang', 'needs the space setting Publish translations individually');
    }
    langs = null;
  }
  const now = state.now();
  if (!langs || langs.includes('[default]')) {
    story.published = true;
    story.published_at = now;
    story.first_published_at ??= now;
    story.unpublished_changes = false;
  }
  const wholeStory = space.use_translated_stories
    ? space.languages.map((l) => l.code)
    : story.translated_stories.map((t) => t.lang);
  for (const code of langs?.filter((l) => l !== '[default]') ?? wholeStory) {
    let translated = story.translated_stories.find((t) => t.lang === code);
    if (!translated) {
      translated = { lang: code, published_at: null, unpublished_changes: true };
      story.translated_stories.push(translated);
    }
    translated.published_at = now;
    translated.first_published_at ??= now;
    translated.unpublished_changes = false;
  }
  stored.published = clone(story);
  state.bumpCv(state.space(spaceId));
  state.emit('published', spaceId, story);
}

export function unpublishStored(state: FakeStoryblokState, spaceId: number, stored: StoredStory): void {
  stored.story.published = false;
  if (state.behaviour.unpublishClearsUnpublishedChanges) stored.story.unpublished_changes = false;
  stored.published = null;
  state.bumpCv(state.space(spaceId));
  state.emit('unpublished', spaceId, stored.story);
}

/** `PUT /v1/spaces/:id/stories/:sid`: content is replaced as a whole, everything not sent stays. */
export function saveStory(state: FakeStoryblokState, spaceId: number, storyId: number, body: WriteBody): StoryRecord {
  const entry = state.space(spaceId);
  const stored = state.stored(spaceId, storyId);
  if (!body.story || typeof body.story !== 'object') throw unprocessable('story', "can't be blank");
  if (stored.lockedBy && !truthy(body.force_update)) {
    // Storyblok answers a story another user has open with a conflict unless force_update is set. [UNCONFIRMED shape]
    throw new FakeHttpError(422, { story: [`is currently locked by ${stored.lockedBy}`] });
  }
  const next = clone(stored.story);
  for (const key of writableKeys) {
    if (key in body.story) (next as Record<string, unknown>)[key] = clone(body.story[key]);
  }
  if ('content' in body.story) {
    const content = body.story.content;
    if (!content || typeof content !== 'object' || Array.isArray(content)) throw unprocessable('content', 'is invalid');
    next.content = applyI18nPolicy(state, entry, content as Content);
    next.content_type = typeof next.content.component === 'string' ? next.content.component : next.content_type;
  }
  if ('translated_slugs_attributes' in body.story) {
    applyTranslatedSlugs(entry, next, body.story.translated_slugs_attributes);
  }
  next.parent_id = Number(next.parent_id ?? 0);
  const parentChanged = next.parent_id !== stored.story.parent_id;
  const placementChanged =
    parentChanged || next.slug !== stored.story.slug || next.is_startpage !== stored.story.is_startpage;
  if (placementChanged) {
    next.full_slug = placedFullSlug(entry, next);
    checkPlacement(entry, next, parentChanged);
  }
  next.updated_at = state.now(stored.story.updated_at);
  next.unpublished_changes = true;
  for (const translated of next.translated_stories) translated.unpublished_changes = true;
  stored.story = next;
  if (placementChanged && next.is_folder) moveDescendants(entry, next);
  state.bumpCv(entry);
  if (parentChanged) state.emit('moved', spaceId, next);
  if (truthy(body.publish)) publishStored(state, spaceId, stored, body.lang);
  return stored.story;
}

/** `POST /v1/spaces/:id/stories`. */
export function createStory(state: FakeStoryblokState, spaceId: number, body: WriteBody): StoryRecord {
  const entry = state.space(spaceId);
  const input = body.story;
  if (!input || typeof input !== 'object') throw unprocessable('story', "can't be blank");
  if (typeof input.name !== 'string' || !input.name.trim()) throw unprocessable('name', "can't be blank");
  if (typeof input.slug !== 'string' || !input.slug.trim()) throw unprocessable('slug', "can't be blank");
  const now = state.now();
  const picked: Record<string, unknown> = {};
  for (const key of writableKeys) if (key in input) picked[key] = clone(input[key]);
  const story = normalizeStory(spaceId, {
    ...picked,
    id: state.nextStoryId(),
    uuid: randomUUID(),
    name: input.name,
    slug: input.slug,
    is_folder: truthy(input.is_folder),
    parent_id: Number(input.parent_id ?? 0),
    created_at: now,
    updated_at: now,
    content: applyI18nPolicy(state, entry, (input.content ?? {}) as Content),
  });
  story.full_slug = placedFullSlug(entry, story);
  checkPlacement(entry, story, true);
  const stored: StoredStory = { story, published: null, lockedBy: null };
  entry.stories.set(story.id, stored);
  state.bumpCv(entry);
  if (truthy(body.publish)) publishStored(state, spaceId, stored);
  return story;
}

/** `DELETE /v1/spaces/:id/stories/:sid`; a folder takes its contents along. */
export function deleteStory(state: FakeStoryblokState, spaceId: number, storyId: number): StoryRecord {
  const entry = state.space(spaceId);
  const stored = state.stored(spaceId, storyId);
  const doomed = [stored.story];
  for (let i = 0; i < doomed.length; i++) {
    const current = doomed[i] as StoryRecord;
    for (const { story } of entry.stories.values()) if (story.parent_id === current.id) doomed.push(story);
  }
  for (const story of doomed) {
    entry.stories.delete(story.id);
    state.emit('deleted', spaceId, story);
  }
  state.bumpCv(entry);
  return stored.story;
}
