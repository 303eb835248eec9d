import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import type { Prisma } from '#server/generated/prisma/client.ts';
import { syncOneStory } from '#server/features/sync/story-sync.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
let deId: number;
let homeId: number;

const home = () => api.call('getStory', { params: { storyId: homeId }, query: { locale: 'de' } });
const keyOf = async (field: string) => (await home()).translatable_keys.find((key) => key.key.endsWith(`:${field}`))!;
const deLocale = async () =>
  (await api.call('getMe', {})).spaces
    .find((space) => space.id === spaceId)!
    .space_locales.find((locale) => locale.code === 'de')!;

/** An editor changes a story's title in Storyblok, and Polyblok syncs that story. */
async function retitleInStoryblok(storyblokStoryId: number, title: string) {
  const content = structuredClone(storyblok.getStory(basicFixture.spaceId, storyblokStoryId).content) as Record<
    string,
    unknown
  >;
  content.title = title;
  storyblok.editStory(basicFixture.spaceId, storyblokStoryId, { content });
  await syncOneStory({ prisma: server.prisma, storyblok: server.storyblok }, spaceId, storyblokStoryId);
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api, spaceId } = await connectBasicSpace(server, 'content'));
  deId = (await deLocale()).id;
  homeId = (
    await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
    })
  ).id;
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('folders', () => {
  it('lists the root with folders first, publication states and missing counts', async () => {
    const root = await api.call('getRootFolder', { query: { locale: 'de', space_id: spaceId } });
    expect(root).toMatchObject({ parent_id: null, parent_name: null, breadcrumb: [] });
    expect(root.stories.map((item) => [item.name, item.publication])).toEqual([
      ['About', 'folder'],
      ['Blog', 'folder'],
      // The space's datasources with dimensions, after Storyblok's own folders.
      ['Datasources', 'folder'],
      ['Home', 'published'],
      ['Orphan', expect.any(String)],
    ]);
    const homeItem = root.stories.find((item) => item.name === 'Home')!;
    expect(homeItem).toMatchObject({
      translatable_keys_count: 5,
      missing_translated_keys_count: 1,
      missing_validated_translated_keys_count: 5,
    });
    expect(root.total_stories).toBe(root.stories.length);
  });

  it('sums a folder’s counts over its whole subtree and gives the way back', async () => {
    const root = await api.call('getRootFolder', { query: { locale: 'de', space_id: spaceId } });
    const blog = root.stories.find((item) => item.name === 'Blog')!;
    // First post (no de), draft post (de), blog index (de): three keys, one translated.
    expect(blog).toMatchObject({ translatable_keys_count: 3, missing_translated_keys_count: 1 });
    const inside = await api.call('getFolder', {
      params: { folderId: blog.id },
      query: { locale: 'de', space_id: spaceId },
    });
    expect(inside).toMatchObject({ name: 'Blog', parent_id: null, breadcrumb: [{ id: blog.id, name: 'Blog' }] });
    const year = inside.stories.find((item) => item.is_folder)!;
    const deeper = await api.call('getFolder', {
      params: { folderId: year.id },
      query: { locale: 'de', space_id: spaceId },
    });
    expect(deeper).toMatchObject({ parent_id: blog.id, parent_name: 'Blog' });
    expect(deeper.breadcrumb.map((crumb) => crumb.name)).toEqual(['Blog', '2024']);
  });

  it('answers 404 for a language or folder the space does not have', async () => {
    expect((await failure(api.call('getRootFolder', { query: { locale: 'xx', space_id: spaceId } }))).code).toBe(
      'not_found',
    );
    expect(
      (
        await failure(
          api.call('getFolder', { params: { folderId: homeId }, query: { locale: 'de', space_id: spaceId } }),
        )
      ).code,
    ).toBe('not_found');
  });
});

describe('a story’s keys and their status', () => {
  it('lists every key in order with imported translations unverified', async () => {
    const story = await home();
    expect(story.translatable_keys.map((key) => `${key.field_type} ${key.status}`)).toEqual([
      'text unverified',
      'text unverified',
      'richtext missing',
      'custom_seo unverified',
      'custom_seo unverified',
    ]);
    expect(story.counts).toEqual({ all: 5, missing: 1, unverified: 4, completed: 0, requested: 0 });
  });

  it('saves unverified, then verified against the hash the translator saw, and keeps the counts exact', async () => {
    const title = await keyOf('title');
    const saved = await api.call('saveTranslation', {
      body: { key: title.key, space_locale_id: deId, field_type: 'text', value: 'Herzlich willkommen' },
    });
    expect(saved).toMatchObject({ status: 'unverified', translated_key_value: 'Herzlich willkommen' });
    const verified = await api.call('saveTranslation', {
      body: {
        key: title.key,
        space_locale_id: deId,
        field_type: 'text',
        value: 'Herzlich willkommen',
        reference_hash: title.hash,
      },
    });
    expect(verified).toMatchObject({
      status: 'verified',
      translated_key_reference_hash: title.hash,
      is_outdated: false,
    });
    // The space has 9 keys in its stories and 3 in its Navigation datasource; 6 of the stories' keys have a German
    // translation (the title already had one) and 1 of the datasource's, 1 of them verified.
    expect(await deLocale()).toMatchObject({
      translated_key_count: 7,
      missing_translated_keys_count: 5,
      missing_verified_translated_keys_count: 11,
    });
    expect(await server.prisma.storyWriteBack.findUnique({ where: { storyId: homeId } })).toMatchObject({
      status: expect.any(String),
    });
  });

  it('refuses to verify against a source that changed, changing nothing', async () => {
    const headline = await keyOf('headline');
    const error = await failure(
      api.call('saveTranslation', {
        body: {
          key: headline.key,
          space_locale_id: deId,
          field_type: 'text',
          value: 'Hallo!',
          reference_hash: 'stale-hash',
        },
      }),
    );
    expect(error).toMatchObject({ code: 'source_changed', status: 409 });
    expect((await keyOf('headline')).translated_key_value).toBe('Hallo Welt');
  });

  it('turns plain text for a richtext key into a document that needs formatting', async () => {
    const text = await keyOf('text');
    const saved = await api.call('saveTranslation', {
      body: { key: text.key, space_locale_id: deId, field_type: 'richtext', value: 'Lies den Blog\nheute' },
    });
    expect(saved).toMatchObject({
      status: 'unverified',
      is_needing_formatting: true,
      translated_key_value_text: 'Lies den Blog\nheute',
    });
    expect(saved.translated_key_value).toMatchObject({ type: 'doc', content: [{ type: 'paragraph' }] });
    const wrongType = await failure(
      api.call('saveTranslation', { body: { key: text.key, space_locale_id: deId, field_type: 'text', value: 'x' } }),
    );
    expect(wrongType.details[0]?.path).toBe('body.field_type');
  });

  it('checks a translation as it is saved and answers what it found, in the save and in the story', async () => {
    const headline = await keyOf('headline');
    expect(headline.value_text).toBe('Hello world');
    const term = await server.prisma.glossaryTerm.create({
      data: { spaceId, translatable: 'world', translated: 'Erdkreis', isGlobal: true },
      select: { id: true },
    });
    try {
      const body = { key: headline.key, space_locale_id: deId, field_type: 'text' };
      const saved = await api.call('saveTranslation', { body: { ...body, value: ' Hallo  Welt 2 {name}' } });
      expect(saved.qa.map((problem) => problem.code).sort()).toEqual([
        'glossary_term_missing',
        'number_mismatch',
        'placeholder_extra',
        'whitespace',
      ]);
      expect(saved.qa).toContainEqual({
        code: 'glossary_term_missing',
        message: '“world” should be translated as “Erdkreis”.',
      });
      expect((await keyOf('headline')).qa).toEqual(saved.qa);
      const fixed = await api.call('saveTranslation', { body: { ...body, value: 'Hallo Erdkreis' } });
      expect(fixed.qa).toEqual([]);
      expect((await keyOf('headline')).qa).toEqual([]);

      // The component's schema limits the field: a longer translation is flagged, as the schema says now.
      const teaser = await server.prisma.storyblokComponent.findFirstOrThrow({
        where: { spaceId, name: headline.component },
        select: { id: true, schema: true },
      });
      const schema = teaser.schema as Record<string, Record<string, Prisma.InputJsonValue>>;
      await server.prisma.storyblokComponent.update({
        where: { id: teaser.id },
        data: {
          schema: {
            ...schema,
            [headline.field]: { ...schema[headline.field], max_length: '10' },
          } as Prisma.InputJsonObject,
        },
      });
      expect((await keyOf('headline')).qa).toEqual([
        { code: 'too_long', message: 'The translation has 14 characters; the field takes at most 10.' },
      ]);
      await server.prisma.storyblokComponent.update({
        where: { id: teaser.id },
        data: { schema: schema as Prisma.InputJsonObject },
      });
    } finally {
      await server.prisma.glossaryTerm.delete({ where: { id: term.id } });
      await api.call('saveTranslation', {
        body: { key: headline.key, space_locale_id: deId, field_type: 'text', value: 'Hallo Welt' },
      });
    }
  });

  it('verifies and unverifies in bulk, skipping what has nothing to change', async () => {
    const story = await home();
    const body = story.translatable_keys.map((key) => ({ key: key.key, space_locale_id: deId }));
    const verified = await api.call('markAsVerified', { body });
    expect(verified.updated).toBe(4);
    expect(verified.skipped).toHaveLength(1);
    expect((await home()).counts.completed).toBe(5);
    const unverified = await api.call('markAsUnverified', { body: body.slice(0, 2) });
    expect(unverified).toEqual({ updated: 2, skipped: [] });
  });

  it('shows a verified translation as outdated when the source changes, with the source it was verified against', async () => {
    const seoTitle = await keyOf('title');
    await api.call('markAsVerified', { body: [{ key: seoTitle.key, space_locale_id: deId }] });
    await retitleInStoryblok(basicFixture.stories.home, 'Welcome home');
    const title = await keyOf('title');
    expect(title).toMatchObject({
      status: 'unverified',
      is_outdated: true,
      verified_source_text: 'Welcome',
      value_text: 'Welcome home',
      translated_key_value: 'Herzlich willkommen',
    });
  });

  it('removes a translation saved empty', async () => {
    const headline = await keyOf('headline');
    const saved = await api.call('saveTranslation', {
      body: { key: headline.key, space_locale_id: deId, field_type: 'text', value: '  ' },
    });
    expect(saved).toMatchObject({ status: 'missing', translated_key_value: null });
  });
});

describe('associated keys', () => {
  it('finds keys with the same source elsewhere, and applies one translation to them', async () => {
    await retitleInStoryblok(basicFixture.stories.team, 'Welcome home');

    const title = await keyOf('title');
    const associated = await api.call('getAssociatedKeys', { query: { key: title.key, space_locale_id: deId } });
    expect(associated.metadata).toEqual({ total: 1, page: 1, per_page: 10 });
    expect(associated.content_keys[0]).toMatchObject({
      story_name: 'Team',
      status: 'missing',
      value_text: 'Welcome home',
    });

    expect(
      await api.call('applyToAssociated', { body: { key: title.key, space_locale_id: deId, verify: true } }),
    ).toEqual({ updated: 1 });
    const after = await api.call('getAssociatedKeys', { query: { key: title.key, space_locale_id: deId } });
    expect(after.content_keys[0]).toMatchObject({ status: 'verified', translated_key_value: 'Herzlich willkommen' });
  });
});

describe('who may do what', () => {
  it('lets a viewer read but not write, and answers 404 to outsiders', async () => {
    const viewerSession = await createAccount(server, uniqueEmail('viewer'));
    const viewer = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => viewerSession.access_token });
    // A story of a space one has not joined answers like a story that does not exist: "Story not found".
    const outside = await failure(viewer.call('getStory', { params: { storyId: homeId }, query: { locale: 'de' } }));
    const missing = await failure(
      api.call('getStory', { params: { storyId: 2_147_483_000 }, query: { locale: 'de' } }),
    );
    expect(outside).toMatchObject({
      status: 404,
      code: 'not_found',
      message: expect.stringMatching(/^Story not found/),
    });
    expect(missing).toMatchObject({ status: 404, code: 'not_found', message: outside.message });
    await server.prisma.membership.create({
      data: { spaceId, userId: viewerSession.user.id, role: 'viewer', status: 'joined' },
    });
    const story = await viewer.call('getStory', { params: { storyId: homeId }, query: { locale: 'de' } });
    const key = story.translatable_keys[0]!;
    const refused = await failure(
      viewer.call('saveTranslation', {
        body: { key: key.key, space_locale_id: deId, field_type: key.field_type, value: 'nope' },
      }),
    );
    expect(refused).toMatchObject({ code: 'forbidden', status: 403 });
  });
});
