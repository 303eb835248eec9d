import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSearchResponse } from '#contract/content-search.ts';
import type { ApiClient } from '#kit/api/api-client.ts';
import { CHECKS_BEFORE_FILTER, checkAllWaiting } from '#server/features/content/index.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { addStory } from '#tests/support/search-content.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let owner: ApiClient;
let spaceId: number;
let de: number;
let fr: number;
let welcome: { id: number; keyIds: number[] };
let prices: { id: number; keyIds: number[] };

const search = async (locale = 'de'): Promise<ContentSearchResponse> =>
  owner.call('searchContent', { query: { space_id: spaceId, locale, status: 'qa_problem' } });
const found = async (locale = 'de') =>
  (await search(locale)).stories.map((story) => ({ name: story.name, keys: story.matches.map((match) => match.id) }));
const save = (keyId: number, value: string, spaceLocaleId = de) =>
  owner.call('saveTranslation', {
    body: {
      key: `uid-${welcome.id}-${welcome.keyIds.indexOf(keyId)}:text:title`,
      story_id: welcome.id,
      space_locale_id: spaceLocaleId,
      field_type: 'text',
      value,
    },
  });
const codesOf = async (keyId: number, spaceLocaleId = de) =>
  (
    await server.prisma.translation.findUniqueOrThrow({
      where: { translatableKeyId_spaceLocaleId: { translatableKeyId: keyId, spaceLocaleId } },
      select: { qaCodes: true },
    })
  ).qaCodes;

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api: owner, spaceId } = await connectBasicSpace(server, 'qa-filter'));
  const locales = await server.prisma.spaceLocale.findMany({ where: { spaceId }, select: { id: true, code: true } });
  de = locales.find((locale) => locale.code === 'de')!.id;
  fr = locales.find((locale) => locale.code === 'fr')!.id;
  welcome = await addStory(server.prisma, { spaceId, localeId: de, name: 'Welcome', slug: 'welcome-qa' }, [
    { text: 'Hello {name}, welcome back', translation: 'Hallo, willkommen zurück' },
    { text: 'Our shop opens at 9', translation: 'Unser Laden öffnet um 9', state: 'verified' },
  ]);
  prices = await addStory(server.prisma, { spaceId, localeId: de, name: 'Prices', slug: 'prices-qa' }, [
    { text: 'Three plans for every team', translation: 'Drei Tarife für jedes Team' },
    { text: 'Ask our support', translation: 'Fragen Sie unseren Support' },
  ]);
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('the story list by "has QA problems"', () => {
  it('lists the stories with a translation that fails a check, with those keys, over the whole space', async () => {
    expect(await found()).toEqual([{ name: 'Welcome', keys: [welcome.keyIds[0]] }]);
    expect(await codesOf(welcome.keyIds[0]!)).toEqual(['placeholder_missing']);
    expect(await codesOf(welcome.keyIds[1]!)).toEqual([]);
    // Another language has its own translations, none of them here.
    expect(await found('fr')).toEqual([]);
  });

  it('follows a save at once: a fix leaves the list, a new problem joins it', async () => {
    await save(welcome.keyIds[0]!, 'Hallo {name}, willkommen zurück');
    await save(welcome.keyIds[1]!, 'Unser Laden öffnet um 10');
    expect(await found()).toEqual([{ name: 'Welcome', keys: [welcome.keyIds[1]] }]);
    expect(await codesOf(welcome.keyIds[1]!)).toEqual(['number_mismatch']);
    await save(welcome.keyIds[1]!, 'Unser Laden öffnet um 9');
    expect(await found()).toEqual([]);
  });

  it('finds again what a changed glossary or style guide makes a problem, in the languages concerned', async () => {
    const term = await owner.call('createGlossaryTerm', {
      params: { id: spaceId },
      body: { translatable: 'plans', translated: 'Pakete', locale_ids: [de] },
    });
    expect(await found()).toEqual([{ name: 'Prices', keys: [prices.keyIds[0]] }]);
    expect(await codesOf(prices.keyIds[0]!)).toEqual(['glossary_term_missing']);

    await owner.call('updateStyleGuide', {
      params: { id: spaceId },
      query: { space_locale_id: de },
      body: { formality: 'default', tone: '', avoid: ['Support'], instructions: '' },
    });
    expect(await found()).toEqual([{ name: 'Prices', keys: [prices.keyIds[0], prices.keyIds[1]] }]);

    await owner.call('deleteGlossaryTerm', { params: { id: spaceId, termId: term.id } });
    await owner.call('updateStyleGuide', {
      params: { id: spaceId },
      query: { space_locale_id: de },
      body: { formality: 'default', tone: '', avoid: [], instructions: '' },
    });
    expect(await found()).toEqual([]);
  });

  it('finds again the translations of a source that changed', async () => {
    await server.prisma.translatableKey.update({
      where: { id: prices.keyIds[1]! },
      data: {
        value: 'Ask our support at https://example.com/help',
        valueText: 'Ask our support at https://example.com/help',
      },
    });
    expect((await search()).checks_waiting).toBe(false);
    expect(await found()).toEqual([{ name: 'Prices', keys: [prices.keyIds[1]] }]);
    expect(await codesOf(prices.keyIds[1]!)).toEqual(['url_changed']);
  });

  it('says when translations still wait for their checks, and the background job checks them', async () => {
    await server.prisma.translation.create({
      data: { translatableKeyId: welcome.keyIds[0]!, spaceLocaleId: fr, value: 'Bonjour', valueText: 'Bonjour' },
    });
    // More translations waiting than a filter checks before it answers (as after an import of a whole language).
    const lines = Array.from({ length: CHECKS_BEFORE_FILTER }, (_, index) => `Line ${index}`);
    const story = await addStory(server.prisma, { spaceId, localeId: de, name: 'Long', slug: 'long-qa' });
    const keys = await server.prisma.translatableKey.createManyAndReturn({
      data: lines.map((line, position) => ({
        spaceId,
        storyId: story.id,
        key: `long-${position}:text:title`,
        hash: `long-${position}`,
        fieldType: 'text',
        component: 'text',
        field: 'title',
        value: line,
        valueText: line,
        position,
      })),
      select: { id: true, valueText: true },
    });
    await server.prisma.translation.createMany({
      data: keys.map((key) => ({
        translatableKeyId: key.id,
        spaceLocaleId: fr,
        value: key.valueText.replace('Line', 'Ligne'),
        valueText: key.valueText.replace('Line', 'Ligne'),
      })),
    });
    expect(await search('fr')).toMatchObject({ checks_waiting: true, stories: [{ name: 'Welcome' }] });
    expect(await checkAllWaiting(server.prisma)).toBeGreaterThanOrEqual(1);
    expect(await checkAllWaiting(server.prisma)).toBe(0);
    expect(await search('fr')).toMatchObject({ checks_waiting: false, stories: [{ name: 'Welcome' }] });
    expect(await codesOf(welcome.keyIds[0]!, fr)).toEqual(['placeholder_missing']);
    expect(await codesOf(keys.at(-1)!.id, fr)).toEqual([]);
  });

  it('exports only the keys with problems to XLIFF when asked for that status', async () => {
    const { document } = await owner.call('exportXliff', {
      params: { id: spaceId },
      query: { space_locale_id: de, status: 'qa_problem' },
    });
    expect(document).toContain('Ask our support at https://example.com/help');
    expect(document).not.toContain('Three plans for every team');
    expect(document).not.toContain('Hello {name}');
  });
});
