import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import { snapshotLanguages } from '#server/features/progress/index.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';
import { createApiClient } from '#kit/api/api-client.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace, storyNodeId } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
let homeId: number;

const progressOf = async (code: string) =>
  (await api.call('getLanguageProgress', { params: { id: spaceId }, query: {} })).languages.find(
    (language) => language.code === code,
  )!;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function homeKey(locale: string, field: string) {
  const story = await api.call('getStory', { params: { storyId: homeId }, query: { locale } });
  return { story, key: story.translatable_keys.find((item) => item.field === field)! };
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api, spaceId } = await connectBasicSpace(server, 'progress'));
  homeId = await storyNodeId(server.prisma, spaceId, basicFixture.stories.home);
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('language progress', () => {
  it('answers each language with today as it stands and the days its snapshots kept', async () => {
    const fr = await progressOf('fr');
    const locale = await server.prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'fr' } });
    expect(fr.days).toEqual([
      {
        day: today(),
        keys: expect.any(Number),
        translated: locale.translatedKeyCount,
        verified: locale.verifiedKeyCount,
      },
    ]);
    await server.prisma.localeProgressDay.createMany({
      data: [
        { spaceLocaleId: locale.id, day: new Date(`${daysAgo(3)}T00:00:00Z`), keys: 9, translated: 1, verified: 0 },
        { spaceLocaleId: locale.id, day: new Date(`${daysAgo(120)}T00:00:00Z`), keys: 9, translated: 0, verified: 0 },
      ],
    });
    const again = await progressOf('fr');
    // Older than the 90 days asked for: left out.
    expect(again.days.map((day) => day.day)).toEqual([daysAgo(3), today()]);
    expect(again.days[0]).toEqual({ day: daysAgo(3), keys: 9, translated: 1, verified: 0 });
  });

  it('counts the words people translated today, not a verification nor a removal', async () => {
    const { story, key } = await homeKey('fr', 'headline');
    const before = (await progressOf('fr')).words.find((day) => day.day === today())?.people ?? 0;
    const body = { key: key.key, story_id: homeId, space_locale_id: story.space_locale_id, field_type: key.field_type };
    await api.call('saveTranslation', { body: { ...body, value: 'Salut à tout le monde, encore' } });
    const saved = (await progressOf('fr')).words.find((day) => day.day === today())!;
    expect(saved.people - before).toBe(key.word_count);
    expect(saved).toMatchObject({ ai: 0, memory: 0 });
    await api.call('markAsVerified', {
      body: [{ key: key.key, story_id: homeId, space_locale_id: story.space_locale_id }],
    });
    await api.call('saveTranslation', { body: { ...body, value: '' } });
    expect((await progressOf('fr')).words.find((day) => day.day === today())!.people).toBe(saved.people);
  });

  it('keeps today’s snapshot once per day, updated in place', async () => {
    await snapshotLanguages(server.prisma);
    await snapshotLanguages(server.prisma);
    const rows = await server.prisma.localeProgressDay.findMany({
      where: { spaceLocale: { spaceId }, day: new Date(`${today()}T00:00:00Z`) },
    });
    expect(rows).toHaveLength(2);
    const { key, story } = await homeKey('de', 'headline');
    await api.call('saveTranslation', {
      body: {
        key: key.key,
        story_id: homeId,
        space_locale_id: story.space_locale_id,
        field_type: key.field_type,
        value: 'Hallo Welt!',
      },
    });
    expect(await snapshotLanguages(server.prisma)).toBeGreaterThanOrEqual(0);
    const de = await server.prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'de' } });
    const row = await server.prisma.localeProgressDay.findUniqueOrThrow({
      where: { spaceLocaleId_day: { spaceLocaleId: de.id, day: new Date(`${today()}T00:00:00Z`) } },
    });
    expect(row).toMatchObject({ translated: de.translatedKeyCount, verified: de.verifiedKeyCount });
  });

  it('gives each of a member’s spaces its completion per day, and an outsider none of them', async () => {
    const { spaces } = await api.call('getSpacesTrend', { query: {} });
    const mine = spaces.find((space) => space.space_id === spaceId)!;
    const space = await server.prisma.space.findUniqueOrThrow({ where: { id: spaceId }, include: { locales: true } });
    const total = space.translatableKeysCount * space.locales.length;
    const translated = space.locales.reduce((sum, locale) => sum + locale.translatedKeyCount, 0);
    expect(mine.days.at(-1)).toEqual({ day: today(), completion: Math.round((translated / total) * 1000) / 10 });
    const outsider = await createAccount(server, uniqueEmail('outsider'));
    const theirs = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => outsider.access_token });
    expect((await theirs.call('getSpacesTrend', { query: {} })).spaces).toEqual([]);
    expect((await failure(theirs.call('getLanguageProgress', { params: { id: spaceId }, query: {} }))).status).toBe(
      404,
    );
  });

  it('refuses a number of days it does not keep, with 400', async () => {
    const error = await failure(api.call('getLanguageProgress', { params: { id: spaceId }, query: { days: 1000 } }));
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
  });
});
