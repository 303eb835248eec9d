import StoryblokClient, { type ISbStoriesParams } from 'storyblok-js-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basicFixture as fx } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';

/** js-client types its write params narrower than the API takes (partial stories, spaces); the adapter will cast too. */
const body = (params: Record<string, unknown>) => params as ISbStoriesParams;

let fake: FakeStoryblok;
let mapi: StoryblokClient;

beforeEach(async () => {
  fake = await startFakeStoryblok({ dataDir: fx.dir });
  // The real client, pointed at the fake the way the product's adapter will be (reference §9.1).
  mapi = new StoryblokClient({ oauthToken: fx.pat, endpoint: fake.mapiUrl, rateLimit: 50 });
});

afterEach(async () => {
  await fake.close();
});

function get(path: string, token: string = fx.pat) {
  return fetch(`${fake.mapiUrl}${path}`, { headers: { authorization: token } });
}

type Story = Record<string, unknown> & { id: number; full_slug: string; content: Record<string, unknown> };

describe('fake Storyblok MAPI through storyblok-js-client', () => {
  it('lists the spaces of the token, without languages', async () => {
    const res = await mapi.get('spaces');
    expect(res.data.spaces).toHaveLength(1);
    const [space] = res.data.spaces as Array<Record<string, unknown>>;
    expect(space).toMatchObject({ id: fx.spaceId, name: 'Basic Test Space', region: 'eu' });
    expect(space).not.toHaveProperty('languages');

    const none = await (await get('/spaces', fx.patWithoutSpaces)).json();
    expect(none).toEqual({ spaces: [] });
  });

  it('gets a space with its languages and preview token', async () => {
    const res = await mapi.get(`spaces/${fx.spaceId}`);
    expect(res.data.space).toMatchObject({
      id: fx.spaceId,
      languages: [
        { code: 'de', name: 'German' },
        { code: 'fr', name: 'French' },
      ],
      default_lang_name: 'English',
      first_token: fx.previewToken,
      stories_count: fx.storyCount,
    });
    const keys = await mapi.get(`spaces/${fx.spaceId}/api_keys`);
    expect(keys.data.api_keys.map((k: { access: string; token: string }) => [k.access, k.token])).toEqual([
      ['private', fx.previewToken],
      ['public', fx.publicToken],
    ]);
  });

  it('pages stories with total and per-page headers, so getAll reads every page', async () => {
    const first = await mapi.get(`spaces/${fx.spaceId}/stories`, { per_page: 2, page: 1 });
    expect(first.total).toBe(fx.storyCount + fx.folderCount);
    expect(first.perPage).toBe(2);

    const all = (await mapi.getAll(`spaces/${fx.spaceId}/stories`, { per_page: 2 })) as Story[];
    expect(all.map((s) => s.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 10, 11, 12, 13, 14, 15]);
    expect(all.every((s) => !('content' in s))).toBe(true);
    expect(fake.requests().filter((r) => r.path.endsWith('/stories')).length).toBe(1 + 5);

    const beyond = await (await get(`/spaces/${fx.spaceId}/stories?per_page=2&page=9`)).json();
    expect(beyond).toEqual({ stories: [] });
    const capped = await get(`/spaces/${fx.spaceId}/stories?per_page=500`);
    expect(capped.headers.get('per-page')).toBe('100');
  });

  it('filters and sorts the story list like Storyblok', async () => {
    const ids = async (query: string) =>
      ((await (await get(`/spaces/${fx.spaceId}/stories?${query}`)).json()) as { stories: Story[] }).stories.map(
        (s) => s.id,
      );
    expect(await ids('folder_only=1&sort_by=id:asc')).toEqual([1, 2, 3]);
    expect(await ids('story_only=1&sort_by=id:asc')).toEqual([10, 11, 12, 13, 14, 15]);
    expect(await ids(`with_parent=${fx.folders.blog2024}&sort_by=id:asc`)).toEqual([12, 13]);
    expect(await ids('starts_with=blog/&story_only=1&sort_by=id:asc')).toEqual([12, 13, 14]);
    expect(await ids('by_slugs=about*,home&sort_by=id:asc')).toEqual([1, 10, 11]);
    expect(await ids('with_slug=blog/2024/first-post')).toEqual([12]);
    expect(await ids('by_ids=13,10&sort_by=id:desc')).toEqual([13, 10]);
    expect(await ids('story_only=1&sort_by=updated_at:desc')).toEqual([14, 13, 12, 11, 10, 15]);
    expect(await ids('contain_component=teaser')).toEqual([10]);
    const listed = (await (await get(`/spaces/${fx.spaceId}/stories?with_translated_stories=1&by_ids=10`)).json()) as {
      stories: Story[];
    };
    expect(listed.stories[0]).toMatchObject({ translated_stories: [], content_summary: {} });
  });

  it('returns a story with its content and the __i18n__ keys as stored', async () => {
    const res = await mapi.get(`spaces/${fx.spaceId}/stories/${fx.stories.home}`);
    const story = res.data.story as Story;
    expect(story).toMatchObject({ id: 10, full_slug: 'home', published: true, unpublished_changes: false });
    expect(story.content).toMatchObject({ title: 'Welcome', title__i18n__de: 'Willkommen' });
    const teaser = (story.content.body as Array<Record<string, unknown>>)[0];
    expect(teaser).toMatchObject({ headline__i18n__de: 'Hallo Welt', headline__i18n__fr: 'Bonjour le monde' });
    expect(story.content.seo__i18n__de).toMatchObject({ plugin: 'seo_metatags', title: 'Startseite | Basic' });

    const computed = (await mapi.get(`spaces/${fx.spaceId}/stories/${fx.stories.firstPost}`)).data.story as Story;
    expect(computed).toMatchObject({ full_slug: 'blog/2024/first-post', parent: { id: 3, slug: '2024' } });
    expect(computed.breadcrumbs).toMatchObject([{ id: 2 }, { id: 3 }]);
  });

  it('replaces content on PUT, bumps updated_at and leaves the rest alone', async () => {
    const path = `spaces/${fx.spaceId}/stories/${fx.stories.home}`;
    const before = (await mapi.get(path)).data.story as Story;
    const content = structuredClone(before.content);
    content.title__i18n__fr = 'Bienvenue';
    const put = await mapi.put(path, body({ story: { content } }));
    expect(put.status).toBe(200);

    const after = (await mapi.get(path)).data.story as Story;
    expect(Date.parse(String(after.updated_at))).toBeGreaterThan(Date.parse(String(before.updated_at)));
    expect(after.unpublished_changes).toBe(true);
    expect(after.content).toEqual({ ...before.content, title__i18n__fr: 'Bienvenue' });
    for (const key of ['id', 'uuid', 'name', 'slug', 'full_slug', 'created_at', 'published', 'published_at']) {
      expect(after[key], key).toEqual(before[key]);
    }
    // Keys for an unknown language are kept as written (behaviour.i18nWrites = 'keep').
    await mapi.put(path, body({ story: { content: { ...content, title__i18n__xx: 'kept' } } }));
    expect(((await mapi.get(path)).data.story as Story).content.title__i18n__xx).toBe('kept');
  });

  it('publishes with publish: 1 and through the publish and unpublish endpoints', async () => {
    const path = `spaces/${fx.spaceId}/stories/${fx.stories.draftPost}`;
    const draft = (await mapi.get(path)).data.story as Story;
    expect(draft.published).toBe(false);
    const saved = (await mapi.put(path, body({ story: { name: 'Ready post' }, publish: 1 }))).data.story as Story;
    expect(saved).toMatchObject({ name: 'Ready post', published: true, unpublished_changes: false });
    expect(saved.first_published_at).toBe(saved.published_at);

    const un = (await mapi.get(`${path}/unpublish`)).data.story as Story;
    expect(un.published).toBe(false);
    const re = (await mapi.get(`${path}/publish`, { lang: 'de' })).data.story as Story;
    // A whole-story publish in a space publishing translations individually published each language.
    expect(re.translated_stories).toMatchObject([
      { lang: 'de', unpublished_changes: false },
      { lang: 'fr', unpublished_changes: false },
    ]);
  });

  it('publishes languages one by one where the space publishes translations individually', async () => {
    const path = `spaces/${fx.spaceId}/stories/${fx.stories.draftPost}`;
    expect((await mapi.get(`spaces/${fx.spaceId}`)).data.space.use_translated_stories).toBe(true);
    const de = (await mapi.get(`${path}/publish`, { lang: 'de' })).data.story as Story;
    expect(de.published).toBe(false);
    expect(de.translated_stories).toEqual([expect.objectContaining({ lang: 'de', unpublished_changes: false })]);
    expect((de.translated_stories as Array<{ published_at: unknown }>)[0]!.published_at).toEqual(expect.any(String));

    // An edit leaves the published language with unpublished changes; the list shows it when asked.
    fake.editStory(fx.spaceId, fx.stories.draftPost, { name: 'Edited' });
    const listed = await mapi.get(`spaces/${fx.spaceId}/stories`, body({ with_translated_stories: 1, per_page: 100 }));
    const item = (listed.data.stories as Story[]).find((story) => story.id === fx.stories.draftPost)!;
    expect(item.translated_stories).toEqual([expect.objectContaining({ lang: 'de', unpublished_changes: true })]);
    const plain = await mapi.get(`spaces/${fx.spaceId}/stories`, { per_page: 100 });
    expect((plain.data.stories as Story[])[0]).not.toHaveProperty('translated_stories');

    const both = (await mapi.get(`${path}/publish`, { lang: 'fr,[default]' })).data.story as Story;
    expect(both.published).toBe(true);
    expect(both.translated_stories).toEqual([
      expect.objectContaining({ lang: 'de', unpublished_changes: true }),
      expect.objectContaining({ lang: 'fr', unpublished_changes: false }),
    ]);
  });

  it('publishes the whole story for a lang publish where the setting is off, and says the setting', async () => {
    fake.setPublishTranslationsIndividually(fx.spaceId, false);
    expect((await mapi.get(`spaces/${fx.spaceId}`)).data.space.use_translated_stories).toBe(false);
    const path = `spaces/${fx.spaceId}/stories/${fx.stories.draftPost}`;
    const story = (await mapi.get(`${path}/publish`, { lang: 'de' })).data.story as Story;
    expect(story.published).toBe(true);
    expect(story.unpublished_changes).toBe(false);
    // Turned on again through the space's settings, as an admin would.
    await mapi.put(`spaces/${fx.spaceId}`, body({ space: { use_translated_stories: true } }));
    expect(fake.space(fx.spaceId).use_translated_stories).toBe(true);
  });

  it('refuses a lang publish without the setting when told to', async () => {
    await fake.close();
    fake = await startFakeStoryblok({ dataDir: fx.dir, behaviour: { langPublishWithoutSetting: 'refuse' } });
    mapi = new StoryblokClient({ oauthToken: fx.pat, endpoint: fake.mapiUrl, rateLimit: 50 });
    fake.setPublishTranslationsIndividually(fx.spaceId, false);
    const response = await get(`/spaces/${fx.spaceId}/stories/${fx.stories.draftPost}/publish?lang=de`);
    expect(response.status).toBe(422);
    expect(fake.getStory(fx.spaceId, fx.stories.draftPost)).toMatchObject({ published: false, translated_stories: [] });
  });

  it('replaces the space languages on PUT /v1/spaces/:id', async () => {
    const path = `spaces/${fx.spaceId}`;
    const languages = [
      { code: 'de', name: 'Deutsch' },
      { code: 'pt-br', name: 'PT' },
    ];
    await mapi.put(path, body({ space: { languages } }));
    const space = (await mapi.get(path)).data.space as Record<string, unknown>;
    expect(space.languages).toEqual(languages);
    expect(space.id).toBe(fx.spaceId);
    await expect(mapi.put(path, body({ space: { languages: [{ name: 'no code' }] } }))).rejects.toMatchObject({
      status: 422,
    });
  });

  it('creates and deletes stories with Storyblok status codes and validation errors', async () => {
    const path = `spaces/${fx.spaceId}/stories`;
    const created = await mapi.post(
      path,
      body({
        story: { name: 'New', slug: 'new', parent_id: fx.folders.about, content: { component: 'page', _uid: 'u1' } },
      }),
    );
    expect(created.status).toBe(201);
    const story = created.data.story as Story;
    expect(story).toMatchObject({ full_slug: 'about/new', published: false, parent_id: fx.folders.about });
    await expect(mapi.post(path, body({ story: { name: 'Again', slug: 'new', parent_id: 1 } }))).rejects.toMatchObject({
      status: 422,
      message: 'slug: has already been taken',
    });
    await expect(mapi.post(path, body({ story: { slug: 'x' } }))).rejects.toMatchObject({ status: 422 });

    const deleted = await mapi.delete(`${path}/${story.id}`);
    expect((deleted.data.story as Story).id).toBe(story.id);
    await expect(mapi.get(`${path}/${story.id}`)).rejects.toMatchObject({ status: 404 });
  });

  it('answers a story locked by another editor with 422 unless force_update is sent', async () => {
    fake.lockStory(fx.spaceId, fx.stories.team, 'Kim');
    const path = `spaces/${fx.spaceId}/stories/${fx.stories.team}`;
    await expect(mapi.put(path, body({ story: { name: 'x' } }))).rejects.toMatchObject({ status: 422 });
    const forced = await mapi.put(path, body({ story: { name: 'x' }, force_update: '1' }));
    expect((forced.data.story as Story).name).toBe('x');
  });

  it('serves components, both from a bare array file', async () => {
    const res = await mapi.get(`spaces/${fx.spaceId}/components`);
    expect(res.data.component_groups).toEqual([]);
    const page = (res.data.components as Array<{ name: string; schema: Record<string, unknown> }>).find(
      (c) => c.name === 'page',
    );
    expect(page?.schema.seo).toMatchObject({ type: 'custom', field_type: 'seo-metatags', translatable: true });
    expect(page?.schema.internal_note).not.toHaveProperty('translatable');
  });

  it('serves datasources with their dimensions, and each entry’s value per dimension', async () => {
    const { data } = await mapi.get(`spaces/${fx.spaceId}/datasources`);
    const navigation = (data.datasources as Array<Record<string, unknown>>).find((item) => item.slug === 'navigation');
    expect(navigation).toMatchObject({
      id: 7001,
      name: 'Navigation',
      dimensions: [
        { id: 7101, entry_value: 'de', datasource_id: 7001 },
        { id: 7102, entry_value: 'fr', datasource_id: 7001 },
      ],
    });
    expect(navigation).not.toHaveProperty('entries');
    const entries = async (dimension?: number) =>
      (
        await mapi.get(
          `spaces/${fx.spaceId}/datasource_entries`,
          body({ datasource_id: 7001, per_page: 1000, ...(dimension ? { dimension } : {}) }),
        )
      ).data.datasource_entries as Array<{ name: string; value: string; dimension_value: string | null }>;
    expect((await entries(7101)).map((item) => [item.name, item.value, item.dimension_value])).toEqual([
      ['nav_home', 'Home', 'Startseite'],
      ['nav_about', 'About us', null],
      ['nav_contact', 'Contact us', null],
    ]);
    expect((await entries()).every((item) => item.dimension_value === null)).toBe(true);
  });

  it('writes an entry’s value in one dimension, leaving its others, and tells webhooks the entries changed', async () => {
    const received: unknown[] = [];
    const { createServer } = await import('node:http');
    const receiver = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push(JSON.parse(raw));
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as { port: number };
      fake.addWebhook({ url: `http://127.0.0.1:${port}/hook`, actions: ['entries_updated'] });
      const write = (body: Record<string, unknown>) =>
        fetch(`${fake.mapiUrl}/spaces/${fx.spaceId}/datasource_entries/7203`, {
          method: 'PUT',
          headers: { authorization: fx.pat, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect(
        (await write({ datasource_entry: { dimension_value: 'Nous contacter' }, dimension_id: 7102 })).status,
      ).toBe(204);
      expect((await write({ datasource_entry: { dimension_value: 'x' }, dimension_id: 9999 })).status).toBe(422);
      const french = await mapi.get(
        `spaces/${fx.spaceId}/datasource_entries`,
        body({ datasource_id: 7001, dimension: 7102 }),
      );
      const contact = (french.data.datasource_entries as Array<Record<string, unknown>>).find(
        (item) => item.id === 7203,
      );
      expect(contact).toMatchObject({ value: 'Contact us', dimension_value: 'Nous contacter' });
      await fake.webhooksSettled();
      expect(received).toEqual([expect.objectContaining({ action: 'entries_updated', datasource_slug: 'navigation' })]);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('hides spaces the token may not see and answers unknown ones with 404', async () => {
    const hidden = await get(`/spaces/${fx.spaceId}`, fx.patWithoutSpaces);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(['This record could not be found']);
    await expect(mapi.get('spaces/424242')).rejects.toMatchObject({ status: 404 });
    await expect(mapi.get(`spaces/${fx.spaceId}/stories/999999`)).rejects.toMatchObject({
      status: 404,
      message: 'This record could not be found',
    });
  });

  it('follows the behaviour options where Storyblok is unconfirmed: drop policy, 403 for hidden spaces', async () => {
    const strict = await startFakeStoryblok({
      dataDir: fx.dir,
      behaviour: { i18nWrites: 'drop', hiddenSpaceStatus: 403 },
    });
    try {
      const client = new StoryblokClient({ oauthToken: fx.pat, endpoint: strict.mapiUrl, rateLimit: 50 });
      const path = `spaces/${fx.spaceId}/stories/${fx.stories.home}`;
      const content = ((await client.get(path)).data.story as Story).content;
      const written = { ...content, title__i18n__fr: 'Bienvenue', title__i18n__xx: 'x', internal_note__i18n__de: 'y' };
      await client.put(path, body({ story: { content: written } }));
      const stored = ((await client.get(path)).data.story as Story).content;
      expect(stored).toMatchObject({ title__i18n__fr: 'Bienvenue', title__i18n__de: 'Willkommen' });
      expect(stored).not.toHaveProperty('title__i18n__xx');
      expect(stored).not.toHaveProperty('internal_note__i18n__de');
      const hidden = await fetch(`${strict.mapiUrl}/spaces/${fx.spaceId}`, {
        headers: { authorization: fx.patWithoutSpaces },
      });
      expect(hidden.status).toBe(403);
    } finally {
      await strict.close();
    }
  });

  it('plays each region host under /<region>/, where only that region’s spaces exist', async () => {
    const us = new StoryblokClient({ oauthToken: fx.pat, endpoint: fake.regionUrls('us').mapiUrl });
    expect((await us.get('spaces')).data.spaces).toEqual([]);
    await expect(us.get(`spaces/${fx.spaceId}`)).rejects.toMatchObject({ status: 404 });
    const eu = new StoryblokClient({ oauthToken: fx.pat, endpoint: fake.regionUrls('eu').mapiUrl });
    expect((await eu.get('spaces')).data.spaces).toHaveLength(1);

    const usOnly = await startFakeStoryblok({ dataDir: fx.dir, region: 'us' });
    try {
      const res = await fetch(`${usOnly.mapiUrl}/spaces`, { headers: { authorization: fx.pat } });
      expect(await res.json()).toEqual({ spaces: [] });
    } finally {
      await usOnly.close();
    }
  });
});
