import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StyleGuide } from '#contract/style-guide.ts';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { apiFailure } from '#tests/support/api-failure.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let server: TestServer;
let owner: ApiClient;
let spaceId: number;
let deId: number;
let homeId: number;

const guide = { formality: 'formal' as const, tone: 'warm, plain', avoid: ['du', 'Kunde'], instructions: 'Short.' };
const read = (api = owner, spaceLocaleId = deId) =>
  api.call('getStyleGuide', { params: { id: spaceId }, query: { space_locale_id: spaceLocaleId } });
const write = (body: StyleGuide, api = owner) =>
  api.call('updateStyleGuide', { params: { id: spaceId }, query: { space_locale_id: deId }, body });

async function member(role: 'translator'): Promise<ApiClient> {
  const session = await createAccount(server, uniqueEmail(role));
  await server.prisma.membership.create({ data: { spaceId, userId: session.user.id, role, status: 'joined' } });
  return createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  openai = await startFakeOpenAI({ seed: 'style' });
  server = await startTestServer({
    env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl, OPENAI_API_KEY: 'local-key', OPENAI_BASE_URL: openai.baseUrl },
  });
  ({ api: owner, spaceId } = await connectBasicSpace(server, 'style'));
  deId = (await server.prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'de' } })).id;
  homeId = (
    await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
    })
  ).id;
});

afterAll(async () => {
  await server?.close();
  await openai?.close();
  await storyblok?.close();
});

describe('a language’s style guide', () => {
  it('is empty until an admin writes one, then answers what was written', async () => {
    expect(await read()).toEqual({ formality: 'default', tone: '', avoid: [], instructions: '' });
    // The same word twice, in another case, is kept once.
    expect(await write({ ...guide, avoid: ['du', 'Kunde', 'DU'] })).toEqual(guide);
    expect(await read()).toEqual(guide);
    const events = await owner.call('getAuditLog', { params: { id: spaceId }, query: {} });
    expect(events.events[0]).toMatchObject({ action: 'settings.style_guide', detail: { code: 'de' } });
  });

  it('refuses instructions over 2,000 characters and changes nothing', async () => {
    const refused = await apiFailure(write({ ...guide, tone: 'changed', instructions: 'x'.repeat(2001) }));
    expect(refused).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(refused.message).toMatch(/2,000 characters/);
    expect(await read()).toEqual(guide);
  });

  it('lets members read it and only admins change it, in their own spaces only', async () => {
    const translator = await member('translator');
    expect(await read(translator)).toEqual(guide);
    expect(await apiFailure(write({ ...guide, tone: 'loud' }, translator))).toMatchObject({ status: 403 });
    const other = await server.prisma.space.create({
      data: {
        name: 'Elsewhere',
        storyblokSpaceId: BigInt(990_123),
        region: 'eu',
        locales: { create: { code: 'it', name: 'Italian' } },
      },
      select: { locales: { select: { id: true } } },
    });
    const foreign = await apiFailure(read(owner, other.locales[0]!.id));
    expect(foreign).toMatchObject({ status: 404, code: 'not_found' });
    expect(await read()).toEqual(guide);
  });

  it('goes with every AI request for the language, and flags a translation using a word to avoid', async () => {
    const story = await owner.call('getStory', { params: { storyId: homeId }, query: { locale: 'de' } });
    const key = story.translatable_keys.find((item) => item.field === 'headline')!;
    await owner.call('aiTranslate', {
      body: { key: key.key, story_id: homeId, space_locale_id: deId, value: key.value_text, target_locale: 'de' },
    });
    // The translation request (the scoring request follows it).
    const sent = openai.requests().findLast((request) => request.translationRequest)!.translationRequest;
    expect(sent?.style).toEqual(guide);

    const saved = await owner.call('saveTranslation', {
      body: { key: key.key, story_id: homeId, space_locale_id: deId, field_type: 'text', value: 'Hallo du Welt' },
    });
    expect(saved.qa).toContainEqual({
      code: 'style_avoided_term',
      message: 'The translation uses “du”, which the style guide says to avoid.',
    });
  });
});
