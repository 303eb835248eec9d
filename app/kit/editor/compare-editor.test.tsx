import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStory, markStoryOpen, type StoryDetail, type TranslatableKey } from '#contract/content.ts';
import { saveTranslation } from '#contract/content-writes.ts';
import { listGlossaryTerms } from '#contract/glossary.ts';
import { fakeApi, fail } from '../testing/fake-api.ts';
import { renderWithKit } from '../testing/render-kit.tsx';
import {
  SPACE_ID,
  SPACE_LOCALE_ID,
  STORY_ID,
  statusShown,
  storyWith,
  textKey,
} from '../testing/story-editor-fixtures.tsx';
import { CompareEditor } from './compare-editor.tsx';
import type { UnsavedKey } from './unsaved-keys.ts';

const FRENCH_ID = SPACE_LOCALE_ID + 1;
const GERMAN_SAVED_AT = '2026-05-04T10:00:00.000Z';
const FRENCH_SAVED_AT = '2026-05-06T08:30:00.000Z';
const SAVED_NOW = '2026-05-07T12:00:00.000Z';

/** The same keys in French, with their own translations and status. */
const inFrench = (key: TranslatableKey, change: Partial<TranslatableKey>): TranslatableKey => ({ ...key, ...change });

/** A story's API in German and French: each language its own story detail, each save to its own language. */
function twoLanguageApi(german: TranslatableKey[], french: TranslatableKey[]) {
  const stories: Record<string, StoryDetail> = {
    de: storyWith(german),
    fr: storyWith(french, { space_locale_id: FRENCH_ID }),
  };
  return fakeApi()
    .on(getStory, ({ query }) => stories[query.locale] ?? fail(404, 'not_found', 'No such language.'))
    .on(markStoryOpen, () => ({ editing_now: [] }))
    .on(listGlossaryTerms, () => ({ terms: [] }))
    .on(saveTranslation, ({ body }) => {
      const locale = body.space_locale_id === FRENCH_ID ? 'fr' : 'de';
      const story = stories[locale]!;
      const keys = story.translatable_keys.map((key) => {
        if (key.key !== body.key) return key;
        const text = typeof body.value === 'string' ? body.value : null;
        const verified = body.reference_hash === key.hash;
        return {
          ...key,
          translated_key_value: text,
          translated_key_value_text: text,
          translated_key_reference_hash: body.reference_hash ?? null,
          status: verified ? ('verified' as const) : ('unverified' as const),
          updated_at: SAVED_NOW,
        };
      });
      stories[locale] = storyWith(keys, { space_locale_id: story.space_locale_id });
      return keys.find((key) => key.key === body.key)!;
    });
}

function renderCompare(api: ReturnType<typeof twoLanguageApi>) {
  const reported: UnsavedKey[][] = [];
  const result = renderWithKit(
    <CompareEditor
      spaceId={SPACE_ID}
      storyId={STORY_ID}
      locales={[
        { code: 'de', name: 'German' },
        { code: 'fr', name: 'French' },
      ]}
      sourceName="English"
      role="translator"
      previewToken={null}
      cdnBaseUrl="https://cdn.example.test/v2/cdn"
      onUnsavedChange={(keys) => {
        reported.push(keys);
      }}
    />,
    { api: api.client },
  );
  return { ...result, reported };
}

const cell = (path: string, language: string) => screen.findByRole('group', { name: `${path} in ${language}` });
const input = async (path: string, language: string) =>
  within(await cell(path, language)).getByRole('textbox', { name: `${language} translation of ${path}` });
const headline = 'teaser › headline';

describe('languages side by side', () => {
  it('show the source once and save each column to its own language, over its own saved translation', async () => {
    const german = textKey('unverified', { source: 'Fresh bread', translation: 'Frisches Brot' });
    const api = twoLanguageApi(
      [german],
      [
        inFrench(german, {
          translated_key_value: 'Pain',
          translated_key_value_text: 'Pain',
          updated_at: FRENCH_SAVED_AT,
        }),
      ],
    );
    const { user } = renderCompare(api);

    const row = await screen.findByRole('group', { name: headline });
    expect(within(row).getAllByText('Fresh bread')).toHaveLength(1);
    expect(await input(headline, 'German')).toHaveValue('Frisches Brot');
    expect(await input(headline, 'French')).toHaveValue('Pain');

    await user.type(await input(headline, 'French'), ' frais');
    await user.click(within(await cell(headline, 'French')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(saveTranslation)).toHaveLength(1));
    await user.type(await input(headline, 'German'), '!');
    await user.click(within(await cell(headline, 'German')).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(saveTranslation)).toHaveLength(2));
    expect(
      api.callsTo(saveTranslation).map(({ body }) => [body.space_locale_id, body.value, body.base_updated_at]),
    ).toEqual([
      [FRENCH_ID, 'Pain frais', FRENCH_SAVED_AT],
      [SPACE_LOCALE_ID, 'Frisches Brot!', GERMAN_SAVED_AT],
    ]);
  });

  it('keep each language’s status: saving German leaves French as it was', async () => {
    const german = textKey('missing');
    const api = twoLanguageApi([german], [inFrench(german, {})]);
    const { user } = renderCompare(api);

    await user.type(await input(headline, 'German'), 'Hallo');
    await user.click(within(await cell(headline, 'German')).getByRole('button', { name: 'Save' }));

    await waitFor(async () => expect(statusShown(await cell(headline, 'German'))).toBe('Verified'));
    expect(statusShown(await cell(headline, 'French'))).toBe('Missing');
    expect(await input(headline, 'French')).toHaveValue('');
    expect(screen.getByTestId('tabs-language')).toHaveTextContent('Tabs, counts and bulk actions: German');
  });

  it('keep unsaved text per language: French saves while German text waits, and German is still reported', async () => {
    const german = textKey('missing');
    const api = twoLanguageApi([german], [inFrench(german, {})]);
    const { user, reported } = renderCompare(api);

    await user.type(await input(headline, 'German'), 'Hallo');
    await user.type(await input(headline, 'French'), 'Bonjour');
    expect(await screen.findByText('2 unsaved keys')).toBeVisible();
    await user.click(within(await cell(headline, 'French')).getByRole('button', { name: 'Save' }));

    await waitFor(async () => expect(statusShown(await cell(headline, 'French'))).toBe('Verified'));
    expect(within(await cell(headline, 'French')).queryByText('Unsaved')).not.toBeInTheDocument();
    expect(within(await cell(headline, 'German')).getByText('Unsaved')).toBeVisible();
    expect(await input(headline, 'German')).toHaveValue('Hallo');
    expect(await screen.findByText('1 unsaved key')).toBeVisible();
    await waitFor(() =>
      expect(reported.at(-1)).toEqual([
        { keyId: german.id, locale: 'de', path: `${headline} (German)`, preview: 'Hallo' },
      ]),
    );
    expect(api.callsTo(saveTranslation).map(({ body }) => [body.space_locale_id, body.value])).toEqual([
      [FRENCH_ID, 'Bonjour'],
    ]);
  });

  it('keep the keyboard in the column that has the focus', async () => {
    const first = textKey('missing', { field: 'headline' });
    const second = textKey('missing', { field: 'subline' });
    const api = twoLanguageApi([first, second], [inFrench(first, {}), inFrench(second, {})]);
    const { user } = renderCompare(api);

    await user.type(await input(headline, 'French'), 'Bonjour');
    await user.keyboard('{Control>}{Enter}{/Control}');

    const next = await input('teaser › subline', 'French');
    await waitFor(() => expect(next).toHaveFocus());
    expect(api.callsTo(saveTranslation).map(({ body }) => [body.space_locale_id, body.value])).toEqual([
      [FRENCH_ID, 'Bonjour'],
    ]);
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(async () => expect(await input(headline, 'French')).toHaveFocus());
  });
});
