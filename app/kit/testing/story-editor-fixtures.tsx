import { within } from '@testing-library/react';
import { getStory, markStoryOpen, type StoryDetail, type TranslatableKey } from '#contract/content.ts';
import {
  aiTranslate,
  createTranslationAsks,
  markAsUnverified,
  markAsVerified,
  saveTranslation,
} from '#contract/content-writes.ts';
import { getKeyHistory, revertTranslation } from '#contract/content-history.ts';
import { listGlossaryTerms, type GlossaryTerm } from '#contract/glossary.ts';
import type { Role } from '#contract/roles.ts';
import { StoryEditor } from '../editor/story-editor.tsx';
import { fakeApi, fail, type FakeApi } from './fake-api.ts';
import { createHistoryFake, HISTORY_AUTHOR, type HistoryFake } from './key-history-fake.ts';
import { renderWithKit, type KitRender } from './render-kit.tsx';

export const SPACE_ID = 7;
export const STORY_ID = 42;
export const SPACE_LOCALE_ID = 3;
export const UPDATED_AT = '2026-05-04T10:00:00.000Z';

let nextId = 1;

export type KeyState = 'missing' | 'unverified' | 'verified';

/** A text key of the story; its status fields agree with each other, as the server's do. */
export function textKey(
  state: KeyState,
  { component = 'teaser', field = 'headline', source = 'Hello world', translation = 'Hallo Welt' } = {},
  overrides: Partial<TranslatableKey> = {},
): TranslatableKey {
  const id = nextId++;
  const hash = `hash-${id}`;
  const translated = state === 'missing' ? null : translation;
  return {
    id,
    key: `uid-${id}:${component}:${field}`,
    hash,
    field_type: 'text',
    component,
    field,
    value: source,
    value_text: source,
    word_count: source.split(/\s+/).length,
    translated_key_value: translated,
    translated_key_value_text: translated,
    translated_key_reference_hash: state === 'verified' ? hash : null,
    has_translation_ask: false,
    is_needing_formatting: false,
    status: state,
    is_outdated: false,
    verified_source_text: null,
    glossary_issues: [],
    ask_error: null,
    updated_at: state === 'missing' ? null : UPDATED_AT,
    qa: [],
    tm_matches: [],
    ai_score: null,
    ai_score_reasons: [],
    image_url: null,
    table_cell: null,
    ...overrides,
  };
}

export function storyWith(keys: TranslatableKey[], overrides: Partial<StoryDetail> = {}): StoryDetail {
  const count = (status: string) => keys.filter((key) => key.status === status).length;
  return {
    id: STORY_ID,
    kind: 'story',
    storyblok_id: 9001,
    name: 'Home page',
    slug: 'home',
    full_slug: 'en/home',
    published: true,
    unpublished_changes: false,
    storyblok_updated_at: UPDATED_AT,
    space_id: SPACE_ID,
    space_locale_id: SPACE_LOCALE_ID,
    counts: {
      all: keys.length,
      missing: count('missing'),
      unverified: count('unverified'),
      completed: count('verified'),
      requested: count('translation_requested'),
    },
    translatable_keys: keys,
    import_problem: null,
    importing: false,
    skipped_components: [],
    editing_now: [],
    write_back: null,
    folder_id: null,
    ...overrides,
  };
}

export function glossaryTerm(translatable: string, translated: string, overrides: Partial<GlossaryTerm> = {}) {
  return {
    id: nextId++,
    translatable,
    translated,
    global: true,
    locales: [],
    description: null,
    case_sensitive: false,
    do_not_translate: false,
    updated_at: UPDATED_AT,
    ...overrides,
  } satisfies GlossaryTerm;
}

/**
 * The API of one story in German, answering the editor's reads and writes the way the server does: a save
 * returns the key with its new translation, verify and unverify move the hash, an AI ask is queued, and each
 * change lands in the key's history, which a revert restores from.
 */
export function storyApi(
  keys: TranslatableKey[],
  terms: GlossaryTerm[] = [],
  history: HistoryFake = createHistoryFake(keys),
): FakeApi {
  let story = storyWith(keys);
  const update = (key: string, change: (key: TranslatableKey) => TranslatableKey, recorded = true) => {
    story = storyWith(story.translatable_keys.map((current) => (current.key === key ? change(current) : current)));
    const changed = story.translatable_keys.find((current) => current.key === key);
    if (changed && recorded) history.record(changed, 'manual', HISTORY_AUTHOR);
    return changed;
  };
  const setVerified = (verified: boolean) => (refs: Array<{ key: string }>) => {
    for (const ref of refs) {
      update(ref.key, (key) => ({
        ...key,
        translated_key_reference_hash: verified ? key.hash : null,
        status: verified ? 'verified' : 'unverified',
      }));
    }
    return { updated: refs.length, skipped: [] };
  };
  return fakeApi()
    .on(getStory, () => story)
    .on(markStoryOpen, () => ({ editing_now: [] }))
    .on(listGlossaryTerms, () => ({ terms }))
    .on(saveTranslation, ({ body }) => {
      const saved = update(body.key, (key) => {
        // As the server does, an empty text removes the translation.
        const text = typeof body.value === 'string' && body.value !== '' ? body.value : null;
        const verified = body.reference_hash === key.hash;
        return {
          ...key,
          translated_key_value: text,
          translated_key_value_text: text,
          translated_key_reference_hash: body.reference_hash ?? null,
          status: text === null ? 'missing' : verified ? 'verified' : 'unverified',
          updated_at: UPDATED_AT,
        };
      });
      return saved ?? fail(404, 'not_found', 'This key is not in the story any more.');
    })
    .on(markAsVerified, ({ body }) => setVerified(true)(body))
    .on(markAsUnverified, ({ body }) => setVerified(false)(body))
    .on(getKeyHistory, ({ query }) => ({ history: history.of(query.key) }))
    .on(revertTranslation, ({ body }) => {
      const found = history.find(body.history_id);
      if (!found) return fail(404, 'not_found', 'This change is not in the history of a key of your space.');
      const current = story.translatable_keys.find((key) => key.key === found.key)!;
      if (body.base_updated_at !== undefined && body.base_updated_at !== current.updated_at)
        return fail(409, 'translation_changed', 'Someone changed this translation since.');
      const text = found.entry.status === 'missing' ? null : found.entry.value_text;
      const verified = found.entry.status === 'verified';
      const reverted = update(
        found.key,
        (key) => ({
          ...key,
          translated_key_value: text,
          translated_key_value_text: text,
          translated_key_reference_hash: verified ? key.hash : null,
          status: text === null ? 'missing' : verified ? 'verified' : 'unverified',
        }),
        false,
      )!;
      const entry = history.record(reverted, 'revert', HISTORY_AUTHOR);
      // The translation's time of change moves with the revert, as the server's does.
      update(found.key, (key) => ({ ...key, updated_at: text === null ? null : entry.at }), false);
      return story.translatable_keys.find((key) => key.key === found.key)!;
    })
    .on(aiTranslate, ({ body }) => ({ content: `[de] ${String(body.value)}`, ai_score: null, ai_score_reasons: [] }))
    .on(createTranslationAsks, ({ body }) => {
      for (const id of body.translatable_key_ids) {
        const key = story.translatable_keys.find((current) => current.id === id);
        if (key)
          update(
            key.key,
            (current) => ({ ...current, has_translation_ask: true, status: 'translation_requested' }),
            false,
          );
      }
      return { batch_id: '5f0c6f5e-3b1a-4c2d-9e8f-0a1b2c3d4e5f', asked: body.translatable_key_ids.length, words: 4 };
    });
}

/** The story editor for German, as the web app and the tool panel show it, on the given API. */
export function renderStoryEditor(
  api: FakeApi,
  { role = 'translator' as Role, openKeyId = null as number | null } = {},
): KitRender {
  return renderWithKit(
    <StoryEditor
      spaceId={SPACE_ID}
      storyId={STORY_ID}
      locale={{ code: 'de', name: 'German' }}
      sourceName="English"
      role={role}
      previewToken={null}
      cdnBaseUrl="https://cdn.example.test/v2/cdn"
      openKeyId={openKeyId}
    />,
    { api: api.client },
  );
}

/** The status a key row shows (its badge, not the "Verified" switch's label). */
export function statusShown(row: HTMLElement): string | undefined {
  return (
    within(row)
      .queryAllByText(/^(Missing|Translation requested|Unverified|Verified)$/)
      .find((element) => !element.closest('label'))?.textContent ?? undefined
  );
}
