import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslatableKey } from '#contract/content.ts';
import type { ApiClient } from '#kit/api/api-client.ts';
import { refreshCounts } from '#server/features/content/index.ts';
import { sketchWaitingKeys } from '#server/features/sync/index.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai/server.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { addStory } from '#tests/support/search-content.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let server: TestServer;
let owner: ApiClient;
let spaceId: number;
let de: number;
let reading: number;

const COFFEE = 'Our team builds the best coffee machines in the whole town';
const keysOf = async (storyId: number, locale = 'de'): Promise<TranslatableKey[]> =>
  (await owner.call('getStory', { params: { storyId }, query: { locale } })).translatable_keys;
const keyWith = async (storyId: number, source: string, locale = 'de') =>
  (await keysOf(storyId, locale)).find((key) => key.value_text === source)!;

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  openai = await startFakeOpenAI({ seed: 'memory' });
  server = await startTestServer({
    env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl, OPENAI_API_KEY: 'local-key', OPENAI_BASE_URL: openai.baseUrl },
  });
  ({ api: owner, spaceId } = await connectBasicSpace(server, 'memory'));
  de = (await server.prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'de' }, select: { id: true } })).id;

  // Translations the team verified earlier, one not yet verified, and one of another space.
  const about = await addStory(server.prisma, { spaceId, localeId: de, name: 'About', slug: 'about-memory' }, [
    { text: COFFEE, translation: 'Unser Team baut die besten Kaffeemaschinen der ganzen Stadt', state: 'verified' },
    { text: 'Read more', translation: 'Mehr lesen', state: 'verified' },
    { text: 'Read MORE', translation: 'Weiterlesen', state: 'verified' },
    { text: 'Contact us today for a quote', translation: 'Kontaktieren Sie uns', state: 'unverified' },
    { text: 'Opening hours of the shop', translation: 'Alte Öffnungszeiten', state: 'outdated' },
  ]);
  // Written as a sync writes them, the language's counts as the content services keep them.
  await refreshCounts(server.prisma, spaceId, [about.id]);
  const other = await server.prisma.space.create({
    data: { name: 'Elsewhere', storyblokSpaceId: 99_000_001n, region: 'eu' },
    select: { id: true },
  });
  const otherDe = await server.prisma.spaceLocale.create({
    data: { spaceId: other.id, code: 'de', name: 'German' },
    select: { id: true },
  });
  await addStory(server.prisma, { spaceId: other.id, localeId: otherDe.id, name: 'Other', slug: 'other-memory' }, [
    { text: 'Something entirely different here', translation: 'Etwas ganz anderes hier', state: 'verified' },
  ]);
  ({ id: reading } = await addStory(server.prisma, { spaceId, localeId: de, name: 'Reading', slug: 'reading' }, [
    { text: 'Our team builds the best coffee machine in the whole town' },
    { text: 'Read more' },
    { text: 'Contact us today for a quote' },
    { text: 'Opening hours of the shop' },
    { text: 'Something entirely different here' },
    { text: '…' },
  ]));
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
  await openai?.close();
});

describe('translation memory', () => {
  it('sketches the keys a sync imports as it writes them, and the others in the background, once', async () => {
    const home = await server.prisma.translatableKey.findMany({
      where: { spaceId, story: { storyblokId: BigInt(basicFixture.stories.home) } },
      select: { memoryBands: true },
    });
    expect(home.length).toBeGreaterThan(0);
    expect(home.filter((key) => key.memoryBands.length === 0)).toEqual([]);

    // Keys written without their sketch (as before the memory existed) offer nothing until they are sketched.
    expect((await keysOf(reading)).flatMap((key) => key.tm_matches)).toEqual([]);
    expect(await sketchWaitingKeys(server.prisma)).toBeGreaterThanOrEqual(12);
    expect(await sketchWaitingKeys(server.prisma)).toBe(0);
  });

  it('offers verified translations of alike sources in the language, the same source first at 100 %', async () => {
    const coffee = await keyWith(reading, 'Our team builds the best coffee machine in the whole town');
    expect(coffee.tm_matches).toHaveLength(1);
    expect(coffee.tm_matches[0]).toMatchObject({
      source_text: COFFEE,
      translation_text: 'Unser Team baut die besten Kaffeemaschinen der ganzen Stadt',
      translation_value: 'Unser Team baut die besten Kaffeemaschinen der ganzen Stadt',
    });
    expect(coffee.tm_matches[0]!.similarity).toBeGreaterThanOrEqual(75);
    expect(coffee.tm_matches[0]!.similarity).toBeLessThan(100);

    // "Read MORE" folds to the same text, but only the very same source is a 100 % match.
    const readMore = await keyWith(reading, 'Read more');
    expect(readMore.tm_matches.map((match) => [match.translation_text, match.similarity])).toEqual([
      ['Mehr lesen', 100],
      ['Weiterlesen', 99],
    ]);
  });

  it('never offers unverified or outdated translations, another space’s, or another language’s', async () => {
    expect((await keyWith(reading, 'Contact us today for a quote')).tm_matches).toEqual([]);
    expect((await keyWith(reading, 'Opening hours of the shop')).tm_matches).toEqual([]);
    expect((await keyWith(reading, 'Something entirely different here')).tm_matches).toEqual([]);
    expect((await keyWith(reading, '…')).tm_matches).toEqual([]);
    expect((await keysOf(reading, 'fr')).flatMap((key) => key.tm_matches)).toEqual([]);
  });

  it('applies a match as coming from memory, and offers nothing once the key is verified', async () => {
    const readMore = await keyWith(reading, 'Read more');
    const saved = await owner.call('saveTranslation', {
      body: {
        key: readMore.key,
        story_id: reading,
        space_locale_id: de,
        field_type: 'text',
        value: readMore.tm_matches[0]!.translation_value as string,
        origin: 'memory',
      },
    });
    expect(saved.status).toBe('unverified');
    expect(saved.tm_matches).toHaveLength(2);
    const history = await owner.call('getKeyHistory', {
      query: { story_id: reading, key: readMore.key, space_locale_id: de },
    });
    expect(history.history[0]).toMatchObject({ value_text: 'Mehr lesen', origin: 'memory' });

    const verified = await owner.call('saveTranslation', {
      body: {
        key: readMore.key,
        story_id: reading,
        space_locale_id: de,
        field_type: 'text',
        value: 'Mehr lesen',
        reference_hash: readMore.hash,
      },
    });
    expect(verified.status).toBe('verified');
    expect(verified.tm_matches).toEqual([]);
  });

  describe('for AI', () => {
    const CITY = 'Our team builds the best coffee machines in the whole city';
    const NEW = 'A brand new sentence nobody wrote before';
    let folderId: number;
    let againId: number;
    const wordsUsed = async () =>
      (await server.prisma.aiUsage.findMany({ where: { spaceId } })).reduce((sum, day) => sum + day.words, 0);

    beforeAll(async () => {
      const folder = await addStory(
        server.prisma,
        { spaceId, localeId: de, name: 'Campaign', slug: 'campaign' },
        [],
        true,
      );
      folderId = folder.id;
      ({ id: againId } = await addStory(
        server.prisma,
        { spaceId, localeId: de, name: 'Again', slug: 'again', folder },
        [{ text: 'Read more' }, { text: CITY }, { text: NEW }],
      ));
      await sketchWaitingKeys(server.prisma);
      openai.clearRequests();
    });

    it('says before a run how many keys the memory fills, and leaves their words out', async () => {
      const estimate = await owner.call('translateFolder', {
        body: { space_id: spaceId, folder_id: folderId, space_locale_id: de, dry_run: true },
      });
      const keys = await keysOf(againId);
      const modelWords = keys
        .filter((key) => key.value_text !== 'Read more')
        .reduce((sum, key) => sum + key.word_count, 0);
      // One request translates the two keys the memory does not fill, one scores them.
      expect(estimate).toMatchObject({ keys: 3, memory_reused: 1, words: modelWords, model_requests: 2 });
    });

    it('reuses the same source’s translation without the model and sends alike ones as examples', async () => {
      const keys = await keysOf(againId);
      await owner.call('createTranslationAsks', {
        body: { translatable_key_ids: keys.map((key) => key.id), space_locale_id: de },
      });
      let done = keys;
      for (let attempt = 0; attempt < 300 && done.some((key) => key.status !== 'unverified'); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        done = await keysOf(againId);
      }
      const sent = openai.requests().flatMap((request) => request.translationRequest?.items ?? []);
      expect(sent.map((item) => item.text).sort()).toEqual([NEW, CITY].sort());
      expect(sent.find((item) => item.text === CITY)!.examples).toEqual([
        { source: COFFEE, translation: 'Unser Team baut die besten Kaffeemaschinen der ganzen Stadt' },
      ]);
      expect(sent.find((item) => item.text === NEW)!.examples).toBeUndefined();

      const readMore = done.find((key) => key.value_text === 'Read more')!;
      expect(readMore).toMatchObject({ status: 'unverified', translated_key_value_text: 'Mehr lesen' });
      const history = await owner.call('getKeyHistory', {
        query: { story_id: againId, key: readMore.key, space_locale_id: de },
      });
      expect(history.history[0]).toMatchObject({ origin: 'memory', value_text: 'Mehr lesen' });
      expect(await wordsUsed()).toBe(
        done.filter((key) => key.value_text !== 'Read more').reduce((sum, key) => sum + key.word_count, 0),
      );
    });

    it('answers the editor’s AI button from the memory for the same source, without the model', async () => {
      const fresh = await addStory(server.prisma, { spaceId, localeId: de, name: 'Fresh', slug: 'fresh' }, [
        { text: 'Read more' },
      ]);
      await sketchWaitingKeys(server.prisma);
      const [key] = await keysOf(fresh.id);
      expect(key!.tm_matches[0]).toMatchObject({ similarity: 100, translation_text: 'Mehr lesen' });
      const sentBefore = openai.requests().length;
      const answer = await owner.call('aiTranslate', {
        body: { key: key!.key, story_id: fresh.id, space_locale_id: de, value: 'Read more', target_locale: 'de' },
      });
      expect(answer.content).toBe('Mehr lesen');
      expect(openai.requests()).toHaveLength(sentBefore);

      // Another text than the key's source goes to the model as ever, and its answer is scored by a second request.
      await owner.call('aiTranslate', {
        body: { key: key!.key, story_id: fresh.id, space_locale_id: de, value: 'Read much more', target_locale: 'de' },
      });
      expect(openai.requests()).toHaveLength(sentBefore + 2);
    });
  });
});
