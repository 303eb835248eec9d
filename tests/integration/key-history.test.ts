import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '#contract/content-history.ts';
import type { TranslatableKey } from '#contract/content.ts';
import { ApiError, createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { until as waitUntil } from '#tests/support/until.ts';

let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let server: TestServer;
let owner: ApiClient;
let spaceId: number;
let homeId: number;
let de: number;
let fr: number;

const homeKeys = async (locale: string): Promise<TranslatableKey[]> =>
  (await owner.call('getStory', { params: { storyId: homeId }, query: { locale } })).translatable_keys;
const keyWithSource = async (locale: string, source: string) =>
  (await homeKeys(locale)).find((key) => key.value_text === source)!;
const historyOf = async (key: string, localeId: number, api = owner): Promise<HistoryEntry[]> =>
  (await api.call('getKeyHistory', { query: { story_id: homeId, key, space_locale_id: localeId } })).history;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? { status: error.status, code: error.code } : error),
  );

/** A member of the space with a display name, or (role null) someone who never joined it. */
async function person(name: string, role: 'viewer' | 'translator' | null): Promise<ApiClient> {
  const email = uniqueEmail(name.toLowerCase());
  const session = await createAccount(server, email);
  await server.prisma.user.update({ where: { id: session.user.id }, data: { name } });
  const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
  if (role) {
    await owner.call('inviteUser', { params: { id: spaceId }, body: { email, role } });
    await api.call('acceptInvite', { params: { id: spaceId } });
  }
  return api;
}

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean) => waitUntil(read, done, { timeoutMs: 30_000 });

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  openai = await startFakeOpenAI({ seed: 'history' });
  server = await startTestServer({
    env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl, OPENAI_API_KEY: 'local-key', OPENAI_BASE_URL: openai.baseUrl },
  });
  let userId: string;
  ({ api: owner, spaceId, userId } = await connectBasicSpace(server, 'history'));
  await server.prisma.user.update({ where: { id: userId }, data: { name: 'Olga Owner' } });
  homeId = (
    await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
      select: { id: true },
    })
  ).id;
  const locales = await server.prisma.spaceLocale.findMany({ where: { spaceId }, select: { id: true, code: true } });
  de = locales.find((locale) => locale.code === 'de')!.id;
  fr = locales.find((locale) => locale.code === 'fr')!.id;
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
  await openai?.close();
});

describe('the history of a key', () => {
  it('starts with the translation imported from Storyblok, by no one, written down at its first change', async () => {
    const title = await keyWithSource('de', 'Welcome');
    expect(await historyOf(title.key, de)).toEqual([
      {
        id: 0,
        value_text: 'Willkommen',
        status: 'unverified',
        origin: 'import',
        user_name: null,
        at: title.updated_at,
      },
    ]);
    // The import of a space writes no copy of its translations.
    expect(await server.prisma.translationHistory.count()).toBe(0);
  });

  // Before any write-back, so that the story's content edited here is the one Polyblok imported.
  it('records a change an editor made in Storyblok as Storyblok’s, at the next sync', async () => {
    const headline = await keyWithSource('de', 'Hello world');
    const story = storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home) as {
      content: { body: Array<Record<string, unknown>> };
    };
    const [teaser, ...rest] = story.content.body;
    storyblok.editStory(basicFixture.spaceId, basicFixture.stories.home, {
      content: { ...story.content, body: [{ ...teaser, headline__i18n__de: 'Hallo Erde' }, ...rest] },
    });
    await owner.call('startSync', { params: { id: spaceId } });
    const history = await until(
      () => historyOf(headline.key, de),
      (entries) => entries[0]?.value_text === 'Hallo Erde',
    );
    expect(history[0]).toMatchObject({ origin: 'storyblok', user_name: null, status: 'unverified' });
    expect(history[1]).toMatchObject({ origin: 'import', value_text: 'Hallo Welt' });
  });

  it('records saves, verification and removal by the member who made them, newest first', async () => {
    const title = await keyWithSource('de', 'Welcome');
    const save = (value: string, verify = false) =>
      owner.call('saveTranslation', {
        body: {
          key: title.key,
          space_locale_id: de,
          field_type: title.field_type,
          value,
          ...(verify ? { reference_hash: title.hash } : {}),
        },
      });
    await save('Herzlich willkommen');
    await owner.call('markAsVerified', { body: [{ key: title.key, space_locale_id: de }] });
    await owner.call('markAsUnverified', { body: [{ key: title.key, space_locale_id: de }] });
    await save('');
    await save('Willkommen daheim', true);
    const history = await historyOf(title.key, de);
    expect(
      history.map(({ value_text, status, origin, user_name }) => ({ value_text, status, origin, user_name })),
    ).toEqual([
      { value_text: 'Willkommen daheim', status: 'verified', origin: 'manual', user_name: 'Olga Owner' },
      { value_text: '', status: 'missing', origin: 'manual', user_name: 'Olga Owner' },
      { value_text: 'Herzlich willkommen', status: 'unverified', origin: 'manual', user_name: 'Olga Owner' },
      { value_text: 'Herzlich willkommen', status: 'verified', origin: 'manual', user_name: 'Olga Owner' },
      { value_text: 'Herzlich willkommen', status: 'unverified', origin: 'manual', user_name: 'Olga Owner' },
      { value_text: 'Willkommen', status: 'unverified', origin: 'import', user_name: null },
    ]);
    expect(history.map((entry) => entry.id)).toEqual([...history.map((entry) => entry.id)].sort((a, b) => b - a));
  });

  it('records an AI translation as AI, on behalf of who started the run', async () => {
    const title = await keyWithSource('fr', 'Welcome');
    await owner.call('createTranslationAsks', { body: { translatable_key_ids: [title.id], space_locale_id: fr } });
    await until(
      () => keyWithSource('fr', 'Welcome'),
      (key) => key.status === 'unverified',
    );
    const [newest] = await historyOf(title.key, fr);
    expect(newest).toMatchObject({ origin: 'ai', status: 'unverified', user_name: 'Olga Owner' });
    expect(newest!.value_text).not.toBe('');
  });

  it('records every key of a bulk verification, each in one entry', async () => {
    const keys = (await homeKeys('de')).filter((key) => key.status === 'unverified');
    expect(keys.length).toBeGreaterThan(1);
    const before = await Promise.all(keys.map((key) => historyOf(key.key, de)));
    await owner.call('markAsVerified', { body: keys.map((key) => ({ key: key.key, space_locale_id: de })) });
    for (const [index, key] of keys.entries()) {
      const after = await historyOf(key.key, de);
      // One entry more: the verification; a translation still as imported is written down first.
      expect(after).toHaveLength(before[index]!.length + 1);
      expect(after[0]).toMatchObject({ status: 'verified', origin: 'manual', user_name: 'Olga Owner' });
      expect(after[1]).toMatchObject({ value_text: before[index]![0]!.value_text, status: 'unverified' });
    }
  });

  it('records a translation applied to the associated keys as the member’s, on each of those keys', async () => {
    const title = await keyWithSource('de', 'Welcome');
    const team = await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.team) },
      select: { id: true },
    });
    const source = await server.prisma.translatableKey.findUniqueOrThrow({
      where: { id: title.id },
      select: { hash: true, fieldType: true, component: true, field: true, valueText: true },
    });
    // The same source text in another story: an associated key.
    await server.prisma.translatableKey.create({
      data: { spaceId, storyId: team.id, key: 'copied:page:title', value: source.valueText, ...source },
    });
    await owner.call('applyToAssociated', {
      body: { key: title.key, story_id: homeId, space_locale_id: de, verify: true },
    });
    const history = await owner.call('getKeyHistory', {
      query: { story_id: team.id, key: 'copied:page:title', space_locale_id: de },
    });
    expect(history.history).toMatchObject([
      { value_text: title.translated_key_value_text, status: 'verified', origin: 'manual', user_name: 'Olga Owner' },
    ]);
  });

  it('records a write no writer declared, with the row’s own origin: no change goes unrecorded', async () => {
    const title = await keyWithSource('de', 'Welcome');
    await server.prisma.$executeRaw`
      UPDATE translations SET value = '"Direkt"', value_text = 'Direkt', origin = 'manual'
      WHERE space_locale_id = ${de} AND translatable_key_id = ${title.id}`;
    expect((await historyOf(title.key, de))[0]).toMatchObject({ value_text: 'Direkt', origin: 'manual' });
  });
});

describe('reverting a key to an earlier change', () => {
  it('restores that value as a new change, keeping it verified only against the current source', async () => {
    const title = await keyWithSource('de', 'Welcome');
    const imported = (await historyOf(title.key, de)).at(-1)!;
    const reverted = await owner.call('revertTranslation', { body: { history_id: imported.id } });
    expect(reverted).toMatchObject({ key: title.key, translated_key_value_text: 'Willkommen', status: 'unverified' });
    const verifiedEntry = (await historyOf(title.key, de)).find((entry) => entry.value_text === 'Willkommen daheim')!;
    expect(verifiedEntry.status).toBe('verified');
    const again = await owner.call('revertTranslation', { body: { history_id: verifiedEntry.id } });
    expect(again).toMatchObject({ translated_key_value_text: 'Willkommen daheim', status: 'verified' });
    expect((await historyOf(title.key, de)).slice(0, 2)).toMatchObject([
      { origin: 'revert', value_text: 'Willkommen daheim', status: 'verified', user_name: 'Olga Owner' },
      { origin: 'revert', value_text: 'Willkommen', status: 'unverified' },
    ]);
  });

  it('removes the translation when the entry is a removal', async () => {
    const title = await keyWithSource('de', 'Welcome');
    const removal = (await historyOf(title.key, de)).find((entry) => entry.status === 'missing')!;
    const answer = await owner.call('revertTranslation', { body: { history_id: removal.id } });
    expect(answer).toMatchObject({ status: 'missing', translated_key_value_text: null });
  });

  it('answers 409 like a save when someone changed the translation since the base the client started from', async () => {
    const title = await keyWithSource('de', 'Welcome');
    const [newest, older] = await historyOf(title.key, de);
    const stale = new Date(Date.parse(newest!.at) - 60_000).toISOString();
    expect(
      await failure(owner.call('revertTranslation', { body: { history_id: older!.id, base_updated_at: stale } })),
    ).toEqual({ status: 409, code: 'translation_changed' });
    expect((await historyOf(title.key, de))[0]!.id).toBe(newest!.id);
  });

  it('lets a translator revert and a viewer read, but not revert', async () => {
    const title = await keyWithSource('de', 'Welcome');
    const [, older] = await historyOf(title.key, de);
    const viewer = await person('Vera', 'viewer');
    expect((await historyOf(title.key, de, viewer)).length).toBeGreaterThan(1);
    expect(await failure(viewer.call('revertTranslation', { body: { history_id: older!.id } }))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    const translator = await person('Tom', 'translator');
    await translator.call('revertTranslation', { body: { history_id: older!.id } });
    expect((await historyOf(title.key, de))[0]).toMatchObject({ origin: 'revert', user_name: 'Tom' });
  });

  it('keeps the history to the space: outsiders and unknown ids get 404', async () => {
    const title = await keyWithSource('de', 'Welcome');
    const [entry] = await historyOf(title.key, de);
    const outsider = await person('Oscar', null);
    expect(await failure(historyOf(title.key, de, outsider))).toEqual({ status: 404, code: 'not_found' });
    expect(await failure(outsider.call('revertTranslation', { body: { history_id: entry!.id } }))).toEqual({
      status: 404,
      code: 'not_found',
    });
    expect(await failure(owner.call('revertTranslation', { body: { history_id: 2_000_000_000 } }))).toEqual({
      status: 404,
      code: 'not_found',
    });
    expect(
      await failure(
        owner.call('getKeyHistory', { query: { story_id: homeId, key: 'no-such-key', space_locale_id: de } }),
      ),
    ).toEqual({ status: 404, code: 'not_found' });
  });
});
