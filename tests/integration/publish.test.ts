import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import type { Role } from '#contract/roles.ts';
import { basicFixture as fx } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { apiFailure } from '#tests/support/api-failure.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let owner: ApiClient;
let spaceId: number;
let de: number;
let fr: number;
const story: Record<'home' | 'draft' | 'first', number> = { home: 0, draft: 0, first: 0 };

const readiness = (spaceLocaleId: number, api = owner, page = 1) =>
  api.call('getReadiness', { params: { id: spaceId }, query: { space_locale_id: spaceLocaleId, page, per_page: 100 } });
const publish = (storyId: number, locales: number[], api = owner) =>
  api.call('publishStory', { body: { story_id: storyId, space_locale_ids: locales } });
const inStoryblok = (storyblokId: number) =>
  storyblok.getStory(fx.spaceId, storyblokId) as {
    content: Record<string, unknown>;
    published: boolean;
    translated_stories: Array<{ lang: string; published_at: string | null; unpublished_changes: boolean }>;
  };
/** What Polyblok asked Storyblok to change or publish since the log was cleared. */
const writesAndPublishes = () =>
  storyblok.requests().filter((request) => request.method === 'PUT' || request.path.endsWith('/publish'));

async function member(role: Role): Promise<ApiClient> {
  const session = await createAccount(server, uniqueEmail(role));
  await server.prisma.membership.create({ data: { spaceId, userId: session.user.id, role, status: 'joined' } });
  return createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
}

async function keyOf(storyId: number, locale = 'de') {
  const detail = await owner.call('getStory', { params: { storyId }, query: { locale } });
  return detail.translatable_keys;
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: fx.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api: owner, spaceId } = await connectBasicSpace(server, 'publish'));
  const locales = await server.prisma.spaceLocale.findMany({ where: { spaceId }, select: { id: true, code: true } });
  de = locales.find((locale) => locale.code === 'de')!.id;
  fr = locales.find((locale) => locale.code === 'fr')!.id;
  for (const [name, storyblokId] of [
    ['home', fx.stories.home],
    ['draft', fx.stories.draftPost],
    ['first', fx.stories.firstPost],
  ] as const) {
    story[name] = (
      await server.prisma.storyNode.findFirstOrThrow({ where: { spaceId, storyblokId: BigInt(storyblokId) } })
    ).id;
  }
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('readiness to publish', () => {
  it('lists stories (no folders) with their counts, complete by the space rule, read from what sync stored', async () => {
    const answer = await readiness(de);
    expect(answer).toMatchObject({
      locale: { id: de, code: 'de' },
      publish_requires: 'verified',
      publishes_languages_individually: true,
    });
    expect(answer.metadata).toEqual({ total: fx.storyCount, page: 1, per_page: 100 });
    const draft = answer.stories.find((item) => item.id === story.draft)!;
    // The draft's title came with a German translation from Storyblok: translated, not verified.
    expect(draft).toMatchObject({ keys: 1, translated: 1, verified: 0, complete: false, publication: 'never' });
    expect(answer.stories.every((item) => !['about', 'blog'].includes(item.name))).toBe(true);
  });

  it('counts a story complete by translations when the rule says translated, audit-logged, and puts it first', async () => {
    const settings = await owner.call('updateSpaceSettings', {
      params: { id: spaceId },
      body: { publish_requires: 'translated' },
    });
    expect(settings.publish_requires).toBe('translated');
    const answer = await readiness(de);
    expect(answer.publish_requires).toBe('translated');
    const draft = answer.stories.find((item) => item.id === story.draft)!;
    expect(draft.complete).toBe(true);
    // Ready ones (complete, not published as they stand) come first, and are counted.
    const firstIncomplete = answer.stories.findIndex((item) => !item.complete);
    const lastReady = answer.stories.findLastIndex((item) => item.complete && item.publication !== 'published');
    expect(lastReady).toBeLessThan(firstIncomplete === -1 ? Infinity : firstIncomplete);
    expect(answer.ready_count).toBe(
      answer.stories.filter((item) => item.complete && item.publication !== 'published').length,
    );
    const log = await owner.call('getAuditLog', { params: { id: spaceId }, query: {} });
    expect(log.events[0]).toMatchObject({
      action: 'settings.publish_requires',
      detail: { from: 'verified', to: 'translated' },
    });
    await owner.call('updateSpaceSettings', { params: { id: spaceId }, body: { publish_requires: 'verified' } });
    expect((await readiness(de)).stories.find((item) => item.id === story.draft)!.complete).toBe(false);
  });

  it('pages the list and refuses a language of another space', async () => {
    const first = await readiness(de, owner, 1);
    const paged = await owner.call('getReadiness', {
      params: { id: spaceId },
      query: { space_locale_id: de, page: 2, per_page: 2 },
    });
    expect(paged.metadata).toEqual({ total: fx.storyCount, page: 2, per_page: 2 });
    expect(paged.stories.map((item) => item.id)).toEqual(first.stories.slice(2, 4).map((item) => item.id));
    const other = await server.prisma.space.create({
      data: {
        name: 'Elsewhere',
        storyblokSpaceId: BigInt(990_777),
        region: 'eu',
        locales: { create: { code: 'it', name: 'Italian' } },
      },
      select: { locales: { select: { id: true } } },
    });
    expect(await apiFailure(readiness(other.locales[0]!.id))).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('each language’s publication', () => {
  it('is read from Storyblok by the sync, and by a sync of the one story', async () => {
    const teamId = (
      await server.prisma.storyNode.findFirstOrThrow({ where: { spaceId, storyblokId: BigInt(fx.stories.team) } })
    ).id;
    const frenchOfTeam = async () => (await readiness(fr)).stories.find((item) => item.id === teamId)!;
    expect((await frenchOfTeam()).publication).toBe('never');
    storyblok.publishStory(fx.spaceId, fx.stories.team, 'fr');
    await owner.call('startSync', { params: { id: spaceId } });
    await expect
      .poll(async () => (await owner.call('getSyncStatus', { params: { id: spaceId } })).status, { timeout: 30_000 })
      .toBe('completed');
    expect(await frenchOfTeam()).toMatchObject({ publication: 'published', published_at: expect.any(String) });
    expect((await readiness(de)).stories.find((item) => item.id === teamId)!.publication).toBe('never');

    storyblok.editStory(fx.spaceId, fx.stories.team, { name: 'Team' });
    await owner.call('syncPanelStory', { params: { id: spaceId, storyblokStoryId: fx.stories.team } });
    expect((await frenchOfTeam()).publication).toBe('unpublished_changes');
  });
});

describe('publishing a story', () => {
  it('refuses while a language is incomplete, listing its keys, and writes or publishes nothing', async () => {
    const [title] = await keyOf(story.draft);
    await owner.call('saveTranslation', {
      body: {
        key: title!.key,
        space_locale_id: de,
        field_type: 'text',
        value: 'Noch in Arbeit',
        reference_hash: title!.hash,
      },
    });
    storyblok.clearRequests();
    const refused = await apiFailure(publish(story.draft, [de, fr]));
    expect(refused).toMatchObject({ status: 409, code: 'translation_incomplete' });
    // Only French keeps the story back: the message names it alone.
    expect(refused.message).toMatch(/cannot be published in French yet: 1 key is not verified/);
    expect(refused.incompleteKeys).toEqual([
      {
        id: title!.id,
        space_locale_id: fr,
        locale: 'fr',
        key: title!.key,
        field_path: 'page › title',
        status: 'missing',
      },
    ]);
    expect(writesAndPublishes()).toEqual([]);
    expect(inStoryblok(fx.stories.draftPost)).toMatchObject({
      content: { title__i18n__de: 'In Arbeit' },
      translated_stories: [],
    });
  });

  it('writes the translations back and publishes only the languages asked for', async () => {
    const answer = await publish(story.draft, [de]);
    expect(answer).toEqual({
      story_id: story.draft,
      languages: [{ space_locale_id: de, code: 'de', publication: 'published', published_at: expect.any(String) }],
    });
    const stored = inStoryblok(fx.stories.draftPost);
    expect(stored.content.title__i18n__de).toBe('Noch in Arbeit');
    expect(stored.published).toBe(false);
    expect(stored.translated_stories).toEqual([
      expect.objectContaining({ lang: 'de', unpublished_changes: false, published_at: expect.any(String) }),
    ]);
    const published = writesAndPublishes().filter((request) => request.path.endsWith('/publish'));
    expect(published.map((request) => request.query)).toEqual(['lang=de']);
    const listed = (await readiness(de)).stories.find((item) => item.id === story.draft)!;
    expect(listed).toMatchObject({ complete: true, publication: 'published' });
    expect((await readiness(fr)).stories.find((item) => item.id === story.draft)!.publication).toBe('never');
    const log = await owner.call('getAuditLog', { params: { id: spaceId }, query: {} });
    expect(log.events[0]).toMatchObject({ action: 'story.published', detail: { codes: ['de'] } });
  });

  it('answers its own conflict, saying how to turn it on, while the space publishes languages together', async () => {
    storyblok.setPublishTranslationsIndividually(fx.spaceId, false);
    storyblok.clearRequests();
    const refused = await apiFailure(publish(story.draft, [de]));
    expect(refused).toMatchObject({ status: 409, code: 'publishing_individually_off' });
    expect(refused.message).toMatch(/Publish translations individually/);
    expect(refused.message).toMatch(/Settings → Internationalization/);
    expect(writesAndPublishes()).toEqual([]);
    expect((await readiness(de)).publishes_languages_individually).toBe(false);
    storyblok.setPublishTranslationsIndividually(fx.spaceId, true);
  });

  it('gives a clear code when Storyblok refuses, and publishes when tried again', async () => {
    const [title] = await keyOf(story.draft);
    await owner.call('saveTranslation', {
      body: { key: title!.key, space_locale_id: de, field_type: 'text', value: 'Fertig', reference_hash: title!.hash },
    });
    storyblok.traffic.failRate = 1;
    for (const status of [503, 429]) {
      storyblok.traffic.failStatuses = [status];
      const refused = await apiFailure(publish(story.draft, [de]));
      expect(refused).toMatchObject({ status: 503, code: 'storyblok_unavailable' });
      expect(refused.message).toContain(String(status));
    }
    storyblok.traffic.failRate = 0;
    storyblok.lockStory(fx.spaceId, fx.stories.draftPost, 'Editor Ed');
    const locked = await apiFailure(publish(story.draft, [de]));
    expect(locked).toMatchObject({ status: 409, code: 'conflict' });
    expect(locked.message).toMatch(/422/);
    expect(inStoryblok(fx.stories.draftPost).translated_stories[0]!.unpublished_changes).toBe(false);
    storyblok.lockStory(fx.spaceId, fx.stories.draftPost, null);
    await publish(story.draft, [de]);
    expect(inStoryblok(fx.stories.draftPost).content.title__i18n__de).toBe('Fertig');
  });

  it('answers not found when Storyblok no longer has the story, and a token issue when it refuses the token', async () => {
    const firstPost = (await keyOf(story.first)).map((key) => ({ key: key.key, space_locale_id: de }));
    for (const key of await keyOf(story.first)) {
      if (key.status === 'missing')
        await owner.call('saveTranslation', {
          body: {
            key: key.key,
            space_locale_id: de,
            field_type: key.field_type,
            value: key.value as string,
            reference_hash: key.hash,
          },
        });
    }
    await owner.call('markAsVerified', { body: firstPost });
    storyblok.revokeToken(fx.pat);
    expect(await apiFailure(publish(story.first, [de]))).toMatchObject({ status: 409, code: 'token_issue' });
    storyblok.addToken(fx.pat, [fx.spaceId]);
    await server.prisma.space.update({ where: { id: spaceId }, data: { hasTokenIssue: false } });
    // Gone from Storyblok since the sync: not found, and nothing else changes.
    await fetch(`${storyblok.mapiUrl}/spaces/${fx.spaceId}/stories/${fx.stories.firstPost}`, {
      method: 'DELETE',
      headers: { authorization: fx.pat },
    });
    expect(await apiFailure(publish(story.first, [de]))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('is for editors and above, and refuses a story of another space as not found', async () => {
    const translator = await member('translator');
    expect((await readiness(de, translator)).stories.length).toBe(fx.storyCount);
    expect(await apiFailure(publish(story.draft, [de], translator))).toMatchObject({ status: 403, code: 'forbidden' });
    const editor = await member('editor');
    expect((await publish(story.draft, [de], editor)).languages[0]!.publication).toBe('published');

    const session = await createAccount(server, uniqueEmail('outsider'));
    const outsider = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
    const otherSpace = await server.prisma.space.create({
      data: { name: 'Other', storyblokSpaceId: BigInt(990_778), region: 'eu' },
      select: { id: true },
    });
    const foreign = await server.prisma.storyNode.create({
      data: {
        spaceId: otherSpace.id,
        storyblokId: BigInt(77),
        name: 'Foreign',
        slug: 'f',
        fullSlug: 'f',
        isFolder: false,
      },
      select: { id: true },
    });
    expect(await apiFailure(publish(foreign.id, [de], owner))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await apiFailure(publish(story.draft, [de], outsider))).toMatchObject({ status: 404, code: 'not_found' });
    // A language of another space, on a story of this one: not found either.
    const otherLocale = await server.prisma.spaceLocale.create({
      data: { spaceId: otherSpace.id, code: 'es', name: 'Spanish' },
      select: { id: true },
    });
    expect(await apiFailure(publish(story.draft, [otherLocale.id]))).toMatchObject({ status: 404, code: 'not_found' });
  });
});
