import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import type { FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { startFakeOpenAI } from '#tests/fakes/openai/server.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { apiFailure as caught } from '#tests/support/api-failure.ts';

// Words are charged only for what the model delivered; what work under way will take is held beside them and
// goes away with the work, however it ends.
const DAILY_WORDS = 40;

let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
let locales: Record<'de' | 'fr', number>;
let homeId: number;

const today = () => new Date(new Date().toISOString().slice(0, 10));
const usage = async () => (await api.call('getSpaceSettings', { params: { id: spaceId } })).ai_usage;
const homeKeys = async () =>
  (await api.call('getStory', { params: { storyId: homeId }, query: { locale: 'fr' } })).translatable_keys;
const holds = () => server.prisma.aiReservation.count({ where: { spaceId } });

async function untilNoAsks(): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if ((await server.prisma.translationAsk.count({ where: { status: { in: ['pending', 'running'] } } })) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('asks did not finish');
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  openai = await startFakeOpenAI({ seed: 'ai-charging' });
  server = await startTestServer({
    env: {
      STORYBLOK_MAPI_URL: storyblok.mapiUrl,
      OPENAI_API_KEY: 'local-key',
      OPENAI_BASE_URL: openai.baseUrl,
      AI_DAILY_WORDS_WITHOUT_PLAN: String(DAILY_WORDS),
    },
  });
  ({ api, spaceId } = await connectBasicSpace(server, 'charging'));
  const space = (await api.call('getMe', {})).spaces[0]!;
  const idOf = (code: string) => space.space_locales.find((locale) => locale.code === code)!.id;
  locales = { de: idOf('de'), fr: idOf('fr') };
  homeId = (
    await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
      select: { id: true },
    })
  ).id;
});

beforeEach(async () => {
  await untilNoAsks();
  await server.prisma.translation.deleteMany({ where: { spaceLocaleId: { in: Object.values(locales) } } });
  await server.prisma.translationAsk.deleteMany({});
  await server.prisma.aiUsage.deleteMany({});
  await server.prisma.aiReservation.deleteMany({});
  openai.clearFailures();
  openai.clearRequests();
});

afterAll(async () => {
  await server?.close();
  await openai?.close();
  await storyblok?.close();
});

describe('a value translated for the editor', () => {
  let headline: string;
  beforeAll(async () => {
    headline = (await homeKeys()).find((key) => key.field.startsWith('headline'))!.key;
  });
  const translateHeadline = () =>
    api.call('aiTranslate', {
      body: { key: headline, value: 'Hello world', target_locale: 'de', space_locale_id: locales.de },
    });

  it('holds its words while the model works, and charges them once the answer is there', async () => {
    openai.queueFailures([{ kind: 'slow', count: 1, ms: 1500 }]);
    const answer = translateHeadline();
    let during = await usage();
    for (let attempt = 0; attempt < 50 && during.words_reserved === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      during = await usage();
    }
    expect(during).toMatchObject({ words_today: 0, words_reserved: 2 });
    expect((await answer).content).toBe('[de] olleH dlrow');
    expect(await usage()).toMatchObject({ words_today: 2, words_reserved: 0 });
    expect(await holds()).toBe(0);
  });

  it('charges nothing and holds nothing when the model cannot answer', async () => {
    // The test server's model client tries three times.
    openai.queueFailures([{ kind: 'server_error', count: 3, status: 503 }]);
    const error = await caught(translateHeadline());
    expect(error.code).toBe('ai_unavailable');
    expect(await usage()).toMatchObject({ words_today: 0, words_reserved: 0 });
    expect(await holds()).toBe(0);
  });

  it('counts a live hold against the allowance, and an expired one (its server died) not at all', async () => {
    const expired = new Date(Date.now() - 60_000);
    await server.prisma.aiReservation.create({ data: { spaceId, words: DAILY_WORDS, expiresAt: expired } });
    expect((await usage()).words_reserved).toBe(0);
    expect((await translateHeadline()).content).toBe('[de] olleH dlrow');
    expect(await usage()).toMatchObject({ words_today: 2, words_reserved: 0 });

    const live = new Date(Date.now() + 60_000);
    await server.prisma.aiReservation.create({ data: { spaceId, words: DAILY_WORDS - 3, expiresAt: live } });
    expect((await usage()).words_reserved).toBe(DAILY_WORDS - 3);
    const refused = await caught(translateHeadline());
    expect(refused).toMatchObject({ code: 'quota_exceeded', status: 429 });
    expect(refused.message).toMatch(/2 used, 37 held by translations under way, this needs 2/);
    expect((await usage()).words_today).toBe(2);
  });
});

describe('asks', () => {
  it('charges each key as its translation is stored, and only those', async () => {
    openai.queueFailures([{ kind: 'drop_keys', count: 2, keys: ['k0'] }]);
    const keys = (await homeKeys()).filter((key) => key.field_type === 'text');
    const asked = await api.call('createTranslationAsks', {
      body: { translatable_key_ids: keys.map((key) => key.id), space_locale_id: locales.fr },
    });
    expect(asked.words).toBe(keys.reduce((sum, key) => sum + key.word_count, 0));
    await untilNoAsks();
    const stored = await server.prisma.translation.findMany({
      where: { spaceLocaleId: locales.fr, origin: 'ai' },
      select: { translatableKey: { select: { wordCount: true } } },
    });
    expect(stored).toHaveLength(keys.length - 1);
    expect(await usage()).toMatchObject({
      words_today: stored.reduce((sum, row) => sum + row.translatableKey.wordCount, 0),
      words_reserved: 0,
    });
  });

  it('lets only one of two asks at once take the last words of the allowance', async () => {
    const keys = await homeKeys();
    const words = keys.reduce((sum, key) => sum + key.word_count, 0);
    // Room for one of the two asks below, not both.
    const used = DAILY_WORDS + 1 - 2 * words;
    expect(used).toBeGreaterThanOrEqual(0);
    await server.prisma.aiUsage.create({ data: { spaceId, day: today(), words: used } });
    openai.traffic.latencyMs = 500;
    try {
      const outcomes = await Promise.allSettled(
        (['de', 'fr'] as const).map((code) =>
          api.call('createTranslationAsks', {
            body: { translatable_key_ids: keys.map((key) => key.id), space_locale_id: locales[code] },
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: 'quota_exceeded' });
      await untilNoAsks();
    } finally {
      openai.traffic.latencyMs = 0;
    }
    expect((await usage()).words_today).toBeLessThanOrEqual(DAILY_WORDS);
  });
});
