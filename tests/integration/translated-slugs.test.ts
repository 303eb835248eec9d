import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import type { TranslatableKey } from '#contract/content.ts';
import { isSlug } from '#contract/slug-rules.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';
import { connectBasicSpace, storyNodeId } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { until } from '#tests/support/until.ts';

let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
let homeId: number;

const { home, team } = basicFixture.stories;
const liveSlugs = (storyId: number) =>
  storyblok.getStory(basicFixture.spaceId, storyId).translated_slugs as Array<{
    id: number;
    lang: string;
    slug: string;
  }>;
const detail = (locale: string) => api.call('getStory', { params: { storyId: homeId }, query: { locale } });
const slugKey = async (locale: string) =>
  (await detail(locale)).translatable_keys.find((key) => key.field_type === 'special_polyblok_slug')!;

async function save(locale: string, key: TranslatableKey, value: string) {
  const { space_locale_id } = await detail(locale);
  return api.call('saveTranslation', {
    body: { key: key.key, story_id: homeId, space_locale_id, field_type: key.field_type, value },
  });
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  openai = await startFakeOpenAI({ seed: 'slugs' });
  // The space translates slugs: the home page has its German one, its French one is still the page's own.
  storyblok.editStory(basicFixture.spaceId, home, {
    translated_slugs_attributes: [
      { lang: 'de', slug: 'startseite', name: 'Startseite' },
      { lang: 'fr', slug: 'home', name: null },
    ],
  });
  server = await startTestServer({
    env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl, OPENAI_API_KEY: 'local-key', OPENAI_BASE_URL: openai.baseUrl },
  });
  ({ api, spaceId } = await connectBasicSpace(server, 'slugs'));
  homeId = await storyNodeId(server.prisma, spaceId, home);
});

afterAll(async () => {
  await server?.close();
  await openai?.close();
  await storyblok?.close();
});

describe('translated slugs', () => {
  it('make the slug a key of the story, with the slug Storyblok holds for a language as its translation', async () => {
    const de = await slugKey('de');
    expect(de).toMatchObject({
      key: `story-${home}:story:slug`,
      component: 'story',
      field: 'slug',
      value: 'home',
      status: 'unverified',
      translated_key_value: 'startseite',
    });
    expect((await slugKey('fr')).status).toBe('missing');
    // A story of a space without translated slugs in its answer has no such key.
    const teamNode = await server.prisma.storyNode.findFirstOrThrow({ where: { spaceId, storyblokId: BigInt(team) } });
    const teamKeys = await api.call('getStory', { params: { storyId: teamNode.id }, query: { locale: 'de' } });
    expect(teamKeys.translatable_keys.some((key) => key.field_type === 'special_polyblok_slug')).toBe(false);
  });

  it('refuses a slug with other characters, or one a story or folder beside it answers to, changing nothing', async () => {
    const key = await slugKey('fr');
    const spaces = await failure(save('fr', key, 'Über uns'));
    expect(spaces).toMatchObject({ status: 400, code: 'invalid_slug' });
    // The folder "about" is beside the home page and has no French slug of its own: French readers find it there.
    const taken = await failure(save('fr', key, 'about'));
    expect(taken).toMatchObject({ status: 400, code: 'invalid_slug' });
    expect(taken.message).toContain('About');
    expect((await slugKey('fr')).status).toBe('missing');
  });

  it('offers an AI answer as a slug', async () => {
    const key = await slugKey('fr');
    const { space_locale_id } = await detail('fr');
    const answer = await api.call('aiTranslate', {
      body: { key: key.key, story_id: homeId, space_locale_id, target_locale: 'fr', value: 'home' },
    });
    expect(typeof answer.content).toBe('string');
    expect(isSlug(answer.content as string)).toBe(true);
    expect(answer.content).not.toBe('home');
  });

  it('skips a slug target of an XLIFF file that no address could hold, and imports the rest', async () => {
    const { space_locale_id } = await detail('fr');
    const exported = await api.call('exportXliff', {
      params: { id: spaceId },
      query: { space_locale_id, story_id: homeId },
    });
    const slugUnit = new RegExp(`(<unit id="story-${home}:story:slug"[\\s\\S]*?<source>home</source>)`);
    expect(exported.document).toMatch(slugUnit);
    const document = exported.document.replace(slugUnit, '$1<target>Page d’accueil</target>');
    const result = await api.call('importXliff', {
      params: { id: spaceId },
      query: { space_locale_id },
      body: document,
      contentType: 'application/xliff+xml',
    });
    expect(result).toMatchObject({ applied: 0, invalid: 1 });
    expect(result.skipped[0]).toMatchObject({ key: `story-${home}:story:slug`, reason: 'invalid' });
    expect((await slugKey('fr')).status).toBe('missing');
  });

  it('writes a language’s slug to its entry, keeping its id, and leaves the other languages alone', async () => {
    const before = liveSlugs(home);
    await save('fr', await slugKey('fr'), 'accueil');
    await until(
      async () => (await detail('fr')).write_back,
      (state) => state?.state === 'written',
    );
    const after = liveSlugs(home);
    expect(after.find((slug) => slug.lang === 'fr')).toMatchObject({
      id: before.find((slug) => slug.lang === 'fr')!.id,
      slug: 'accueil',
    });
    expect(after.find((slug) => slug.lang === 'de')).toEqual(before.find((slug) => slug.lang === 'de'));
    expect(after).toHaveLength(2);
  });

  it('takes in a slug an editor changed in Storyblok at the next sync, the content being the same', async () => {
    const de = liveSlugs(home).find((slug) => slug.lang === 'de')!;
    storyblok.editStory(basicFixture.spaceId, home, {
      translated_slugs_attributes: [{ id: de.id, slug: 'willkommen' }],
    });
    await api.call('startSync', { params: { id: spaceId } });
    const key = await until(
      () => slugKey('de'),
      (found) => found.translated_key_value === 'willkommen',
    );
    expect(key.status).toBe('unverified');
    expect((await slugKey('fr')).translated_key_value).toBe('accueil');
  });
});
