import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSearchResponse } from '#contract/content-search.ts';
import { searchStatuses, type SearchStatus } from '#contract/search-rules.ts';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { addStory } from '#tests/support/search-content.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { apiFailure as refusal } from '#tests/support/api-failure.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
const ids = { creme: 0, breakfast: 0, zebra: 0, percent: 0, recipes: 0 };

const search = (query: { q?: string; status?: SearchStatus; locale?: string }, client = api) =>
  client.call('searchContent', { query: { space_id: spaceId, locale: 'de', ...query } });
const names = (answer: ContentSearchResponse) => answer.stories.map((story) => story.name);

async function memberApi(role: 'viewer', prefix: string): Promise<ApiClient> {
  const session = await createAccount(server, uniqueEmail(prefix));
  await server.prisma.membership.create({ data: { spaceId, userId: session.user.id, role, status: 'joined' } });
  return createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api, spaceId } = await connectBasicSpace(server, 'search'));
  const { prisma } = server;
  const localeId = (await prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'de' } })).id;
  const base = { spaceId, localeId };
  const recipes = await addStory(prisma, { ...base, name: 'Recipes', slug: 'recipes' }, [], true);
  const folder = { id: recipes.id, fullSlug: recipes.fullSlug };
  ids.recipes = recipes.id;
  ids.creme = (
    await addStory(prisma, { ...base, name: 'Crème Brûlée', slug: 'creme-brulee', folder }, [
      { text: 'Caramelise the sugar on top' },
      { text: 'Serve it with a CAFÉ', translation: 'Mit einem Kaffee servieren', state: 'verified' },
    ])
  ).id;
  ids.breakfast = (
    await addStory(prisma, { ...base, name: 'Breakfast', slug: 'breakfast' }, [
      { text: 'Coffee and croissant', translation: 'Kaffee und Butter-Hörnchen' },
      { text: 'A cafe by the river', translation: 'Ein Café am Fluss', state: 'outdated' },
      { text: 'Fresh orange juice', ask: 'pending' },
      { text: 'Morning café menu' },
      { text: 'Toast', translation: 'Toast', state: 'verified', ask: 'failed' },
    ])
  ).id;
  ids.zebra = (await addStory(prisma, { ...base, name: 'Zebra Cafe', slug: 'zebra' }, [{ text: 'Stripes' }])).id;
  ids.percent = (
    await addStory(prisma, { ...base, name: 'Sale', slug: 'sale' }, [
      { text: 'Save 100% on_line' },
      // A translation that fails a check (its number is gone).
      { text: 'Only 3 days left', translation: 'Nur noch wenige Tage' },
    ])
  ).id;
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('finding stories by words', () => {
  it('finds a story by its name and by its slug, ranked above text hits', async () => {
    const answer = await search({ q: 'café' });
    expect(names(answer)).toEqual(['Zebra Cafe', 'Breakfast', 'Crème Brûlée']);
    expect(answer.has_more).toBe(false);
    const bySlug = await search({ q: 'recipes/creme-brulee' });
    expect(bySlug.stories).toEqual([
      {
        id: ids.creme,
        name: 'Crème Brûlée',
        full_slug: 'recipes/creme-brulee',
        folder_id: ids.recipes,
        match_count: 0,
        matches: [],
      },
    ]);
  });

  it('gives each story’s folder, as the story detail does, for links that open it in its folder', async () => {
    const [creme] = (await search({ q: 'brulee' })).stories;
    expect(creme).toMatchObject({ id: ids.creme, folder_id: ids.recipes });
    const detail = await api.call('getStory', { params: { storyId: ids.creme }, query: { locale: 'de' } });
    expect(detail.folder_id).toBe(ids.recipes);
    const [breakfast] = (await search({ q: 'breakfast' })).stories;
    expect(breakfast).toMatchObject({ id: ids.breakfast, folder_id: null });
  });

  it('lists the matching keys of each story in the editor’s order, with their status', async () => {
    const breakfast = (await search({ q: 'cafe' })).stories.find((story) => story.id === ids.breakfast)!;
    expect(breakfast.match_count).toBe(2);
    expect(breakfast.matches).toEqual([
      expect.objectContaining({
        value_text: 'A cafe by the river',
        translated_key_value_text: 'Ein Café am Fluss',
        status: 'unverified',
        is_outdated: true,
      }),
      expect.objectContaining({
        value_text: 'Morning café menu',
        translated_key_value_text: null,
        status: 'missing',
        is_outdated: false,
      }),
    ]);
  });

  it('finds a sentence by its translation', async () => {
    const answer = await search({ q: 'Butter-Hörnchen' });
    expect(answer.stories.map((story) => [story.name, story.matches.map((match) => match.value_text)])).toEqual([
      ['Breakfast', ['Coffee and croissant']],
    ]);
  });

  it('ignores case and accents in the words and in the texts', async () => {
    const expected = names(await search({ q: 'café' }));
    for (const q of ['cafe', 'CAFE', 'CAFÉ', 'Cafè', '  café  ']) expect(names(await search({ q }))).toEqual(expected);
    expect(names(await search({ q: 'CREME BRULEE' }))).toEqual(['Crème Brûlée']);
    expect(names(await search({ q: 'hornchen' }))).toEqual(['Breakfast']);
  });

  it('takes % and _ as the characters they are', async () => {
    expect(names(await search({ q: '100%' }))).toEqual(['Sale']);
    expect(names(await search({ q: 'n_l' }))).toEqual(['Sale']);
    expect(names(await search({ q: '%' }))).toEqual(['Sale']);
    expect((await search({ q: 'no story says this' })).stories).toEqual([]);
  });
});

describe('filtering by status', () => {
  it('means what the story detail says, for every status', async () => {
    const stories = await server.prisma.storyNode.findMany({
      where: { spaceId, isFolder: false },
      select: { id: true },
    });
    for (const status of searchStatuses) {
      const expected = [];
      for (const { id } of stories) {
        const detail = await api.call('getStory', { params: { storyId: id }, query: { locale: 'de' } });
        const keys = detail.translatable_keys.filter((key) =>
          status === 'outdated' ? key.is_outdated : status === 'qa_problem' ? key.qa.length > 0 : key.status === status,
        );
        if (keys.length > 0)
          expected.push({ id, match_count: keys.length, matches: keys.slice(0, 5).map((key) => key.id) });
      }
      const answer = await search({ status });
      const found = answer.stories.map((story) => ({
        id: story.id,
        match_count: story.match_count,
        matches: story.matches.map((match) => match.id),
      }));
      expect(
        found.sort((a, b) => a.id - b.id),
        status,
      ).toEqual(expected.sort((a, b) => a.id - b.id));
      expect(expected.length, `some story has ${status} keys`).toBeGreaterThan(0);
    }
  });

  it('with words, lists the keys in the status that hold them, and stories named so with keys in the status', async () => {
    const answer = await search({ q: 'café', status: 'missing' });
    expect(answer.stories.map((story) => [story.name, story.matches.map((match) => match.value_text)])).toEqual([
      ['Zebra Cafe', ['Stripes']],
      ['Breakfast', ['Morning café menu']],
    ]);
    expect(names(await search({ q: 'café', status: 'verified' }))).toEqual(['Crème Brûlée']);
    expect(names(await search({ q: 'zebra', status: 'verified' }))).toEqual([]);
  });
});

describe('who may search, and what', () => {
  it('lets a viewer search', async () => {
    const viewer = await memberApi('viewer', 'search-viewer');
    expect(names(await search({ q: 'café' }, viewer))).toEqual(['Zebra Cafe', 'Breakfast', 'Crème Brûlée']);
  });

  it('never shows another space’s stories, nor lets an outsider search this one', async () => {
    const outsider = await createAccount(server, uniqueEmail('search-outsider'));
    const other = await server.prisma.space.create({
      data: {
        name: 'Other team',
        storyblokSpaceId: 987_654,
        region: 'EU',
        locales: { create: { code: 'de', name: 'German' } },
      },
      select: { id: true, locales: { select: { id: true } } },
    });
    await server.prisma.membership.create({
      data: { spaceId: other.id, userId: outsider.user.id, role: 'owner', status: 'joined' },
    });
    await addStory(
      server.prisma,
      { spaceId: other.id, localeId: other.locales[0]!.id, name: 'Café secret', slug: 'secret' },
      [{ text: 'A café of the other team', translation: 'Café', state: 'verified' }],
    );
    expect(names(await search({ q: 'café' }))).not.toContain('Café secret');
    expect(names(await search({ status: 'verified' }))).not.toContain('Café secret');
    const outsiderApi = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => outsider.access_token });
    expect(await refusal(search({ q: 'café' }, outsiderApi))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses bad input with a 400 that says what is wrong', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'query.q'],
      [{ q: '   ' }, 'query.q'],
      [{ q: 'x'.repeat(201) }, 'query.q'],
      [{ status: 'done' }, 'query.status'],
      [{ q: 'café', status: 'MISSING' }, 'query.status'],
    ];
    for (const [query, path] of cases) {
      const error = await refusal(
        api.call('searchContent', { query: { space_id: spaceId, locale: 'de', ...query } as never }),
      );
      expect(error, JSON.stringify(query)).toMatchObject({ status: 400, code: 'invalid_request' });
      expect(error.details.map((detail) => detail.path)).toContain(path);
      expect(error.message).not.toBe('');
    }
    expect(await refusal(search({ q: 'café', locale: 'xx' }))).toMatchObject({ status: 404, code: 'not_found' });
  });
});
