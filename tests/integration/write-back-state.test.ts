import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace, storyNodeId } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';
import { until } from '#tests/support/until.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let owner: ApiClient;
let spaceId: number;
let homeId: number;

const LOCKED = /^Storyblok refused the change \(422: story: is currently locked by Ada Editor\)/;

const writeBack = async (locale: string, api = owner) =>
  (await api.call('getStory', { params: { storyId: homeId }, query: { locale } })).write_back;
const homeRow = async (locale: string) =>
  (await owner.call('getRootFolder', { query: { locale, space_id: spaceId } })).stories.find(
    (item) => item.id === homeId,
  )!;
const retry = (api: ApiClient, locale = 'de', storyId = homeId) =>
  api.call('retryWriteBack', { params: { storyId }, body: { locale } });

/** Saves a translation of the home story's field in the language, as the editor does. */
async function save(field: string, locale: string, value: string) {
  const story = await owner.call('getStory', { params: { storyId: homeId }, query: { locale } });
  const key = story.translatable_keys.find((item) => item.field === field)!;
  await owner.call('saveTranslation', {
    body: { key: key.key, story_id: homeId, space_locale_id: story.space_locale_id, field_type: key.field_type, value },
  });
}

/** A new account with the role in the space (none: a member of a space of its own only). */
async function member(role: 'translator' | 'viewer' | null): Promise<ApiClient> {
  const session = await createAccount(server, uniqueEmail(role ?? 'outsider'));
  if (role) {
    await server.prisma.membership.create({ data: { spaceId, userId: session.user.id, role, status: 'joined' } });
  } else {
    await server.prisma.space.create({
      data: {
        name: 'Elsewhere',
        storyblokSpaceId: BigInt(990_001),
        region: 'eu',
        memberships: { create: { userId: session.user.id, role: 'owner', status: 'joined' } },
      },
      select: { id: true },
    });
  }
  return createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api: owner, spaceId } = await connectBasicSpace(server, 'writer'));
  homeId = await storyNodeId(server.prisma, spaceId, basicFixture.stories.home);
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('where writing a story to Storyblok stands, per language', () => {
  it('is null before anything was written, pending after a save, then written with the time', async () => {
    expect(await writeBack('de')).toBeNull();

    const before = Date.now();
    // Letters outside ASCII and an emoji: the written text must hash as the database hashes it, or it stays pending.
    await save('title', 'de', 'Grüße aus Köln 🎉');
    expect(await writeBack('de')).toEqual({ state: 'pending', error: null, at: null });
    // Only German waits: French had nothing to write.
    expect(await writeBack('fr')).toBeNull();

    const written = await until(
      () => writeBack('de'),
      (state) => state?.state === 'written',
    );
    expect(written).toEqual({ state: 'written', error: null, at: expect.any(String) });
    expect(Date.parse(written!.at!)).toBeGreaterThanOrEqual(before);
    expect(storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content).toMatchObject({
      title__i18n__de: 'Grüße aus Köln 🎉',
    });
    expect(await writeBack('fr')).toBeNull();
  });

  it('shows a refused write with Storyblok’s reason on the story, in the list and in Settings', async () => {
    storyblok.lockStory(basicFixture.spaceId, basicFixture.stories.home, 'Ada Editor');
    const writtenBefore = (await writeBack('de'))!.at;
    await save('title', 'de', 'Willkommen zu Hause');

    const failed = await until(
      () => writeBack('de'),
      (state) => state?.state === 'failed',
    );
    expect(failed).toEqual({ state: 'failed', error: expect.stringMatching(LOCKED), at: expect.any(String) });
    expect(Date.parse(failed!.at!)).toBeGreaterThan(Date.parse(writtenBefore!));
    // French had nothing waiting: its translations are not among those refused.
    expect(await writeBack('fr')).toBeNull();

    expect(await homeRow('de')).toMatchObject({
      write_back_failed: true,
      write_back_error: expect.stringMatching(LOCKED),
    });
    expect(await homeRow('fr')).toMatchObject({ write_back_failed: false, write_back_error: null });

    const settings = await owner.call('getSpaceSettings', { params: { id: spaceId } });
    expect(settings.write_back.failed).toBe(1);
    expect(settings.write_back.failed_stories).toEqual([
      {
        id: homeId,
        name: 'Home',
        full_slug: 'home',
        reason: expect.stringMatching(LOCKED),
        at: expect.any(String),
        locales: ['de'],
      },
    ]);
  });

  it('lets translators retry, not viewers, and answers 404 for a story of another space', async () => {
    const viewer = await member('viewer');
    expect(await writeBack('de', viewer)).toMatchObject({ state: 'failed' });
    expect(await failure(retry(viewer))).toMatchObject({ status: 403, code: 'forbidden' });

    const outsider = await member(null);
    const notTheirs = await failure(retry(outsider));
    expect(notTheirs).toMatchObject({
      status: 404,
      code: 'not_found',
      message: expect.stringMatching(/^Story not found/),
    });
    expect(await failure(retry(owner, 'de', 2_147_483_000))).toMatchObject({ status: 404, message: notTheirs.message });
    expect(await failure(retry(owner, 'xx'))).toMatchObject({ status: 404, code: 'not_found' });
    expect((await writeBack('de'))?.state).toBe('failed');
  });

  it('writes the story once the refusal stops and a translator retries, and refuses a retry with nothing failed', async () => {
    storyblok.lockStory(basicFixture.spaceId, basicFixture.stories.home, null);
    const translator = await member('translator');

    expect(await retry(translator)).toEqual({
      write_back: { state: 'pending', error: expect.stringMatching(LOCKED), at: null },
    });
    expect(await homeRow('de')).toMatchObject({ write_back_failed: false });

    const written = await until(
      () => writeBack('de', translator),
      (state) => state?.state === 'written',
    );
    expect(written).toEqual({ state: 'written', error: null, at: expect.any(String) });
    expect(storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content).toMatchObject({
      title__i18n__de: 'Willkommen zu Hause',
    });
    const settings = await owner.call('getSpaceSettings', { params: { id: spaceId } });
    expect(settings.write_back).toMatchObject({ failed: 0, failed_stories: [] });

    expect(await failure(retry(translator))).toMatchObject({
      status: 409,
      code: 'conflict',
      message: expect.stringMatching(/^Nothing failed to be written for this story/),
    });
  });

  it('fails for good when Storyblok refuses the token, and refuses a retry until the space has a new one', async () => {
    storyblok.revokeToken(basicFixture.pat);
    await save('headline', 'fr', 'Bonjour tout le monde');

    const failed = await until(
      () => writeBack('fr'),
      (state) => state?.state === 'failed',
    );
    expect(failed).toEqual({
      state: 'failed',
      error: expect.stringMatching(/refused the token/),
      at: expect.any(String),
    });
    // The job gave up at once: retrying cannot help while the token is refused.
    expect(
      await server.prisma.storyWriteBack.findUniqueOrThrow({ where: { storyId: homeId }, select: { status: true } }),
    ).toEqual({ status: 'failed' });
    // German was written before: only French waits.
    expect((await writeBack('de'))?.state).toBe('written');
    expect(await homeRow('fr')).toMatchObject({ write_back_failed: true });
    expect(await homeRow('de')).toMatchObject({ write_back_failed: false });

    expect(await failure(retry(owner, 'fr'))).toMatchObject({
      status: 409,
      code: 'token_issue',
      message: expect.stringMatching(/gives the space a new token in Settings/),
    });
    expect((await writeBack('fr'))?.state).toBe('failed');
  });
});
