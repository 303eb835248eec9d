import StoryblokClient, { type ISbStoriesParams } from 'storyblok-js-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basicFixture as fx } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';

let fake: FakeStoryblok;

beforeEach(async () => {
  fake = await startFakeStoryblok({ dataDir: fx.dir });
});

afterEach(async () => {
  await fake.close();
});

type CdnStory = { id: number; full_slug: string; lang: string; content: Record<string, unknown> } & Record<
  string,
  unknown
>;

/** A CDN client as the product would build it; a fresh one per call so the in-memory cache never answers. */
function cdn(token: string, version: 'draft' | 'published' = 'published') {
  return new StoryblokClient({
    accessToken: token,
    endpoint: fake.cdnClientEndpoint,
    version,
    cache: { type: 'none' },
  });
}

function cdnFetch(path: string, params: Record<string, string>, redirect: RequestRedirect = 'follow') {
  return fetch(`${fake.cdnUrl}${path}?${new URLSearchParams(params)}`, { redirect });
}

function hasI18nKey(value: unknown): boolean {
  return JSON.stringify(value).includes('__i18n__');
}

describe('fake Storyblok CDN through storyblok-js-client', () => {
  it('serves drafts to the preview token and only published stories to the public token', async () => {
    const drafts = (await cdn(fx.previewToken, 'draft').getAll('cdn/stories', { per_page: 2 })) as CdnStory[];
    expect(drafts.map((s) => s.id).sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(drafts.every((s) => s.content && typeof s.content === 'object')).toBe(true);

    const published = (await cdn(fx.publicToken).getAll('cdn/stories', { per_page: 2 })) as CdnStory[];
    expect(published.map((s) => s.id).sort((a, b) => a - b)).toEqual([10, 11, 12, 14]);

    await expect(cdn(fx.publicToken, 'draft').get('cdn/stories', {})).rejects.toMatchObject({ status: 401 });
    await expect(cdn('no-such-token').get('cdn/stories', {})).rejects.toMatchObject({ status: 401 });
    await expect(cdn(fx.publicToken).get(`cdn/stories/${fx.stories.draftPost}`)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('keeps the published version until the editor publishes again', async () => {
    fake.editStory(fx.spaceId, fx.stories.team, { name: 'Team (edited)' });
    const draft = (await cdn(fx.previewToken, 'draft').get('cdn/stories/about/team')).data.story as CdnStory;
    const live = (await cdn(fx.publicToken).get('cdn/stories/about/team')).data.story as CdnStory;
    expect([draft.name, live.name]).toEqual(['Team (edited)', 'Team']);
    fake.publishStory(fx.spaceId, fx.stories.team);
    const after = (await cdn(fx.publicToken).get('cdn/stories/about/team')).data.story as CdnStory;
    expect(after.name).toBe('Team (edited)');
  });

  it('resolves __i18n__ values for a language, falls back to the default, and strips the keys', async () => {
    const de = (await cdn(fx.publicToken).get('cdn/stories/home', { language: 'de' })).data.story as CdnStory;
    expect(de).toMatchObject({ lang: 'de', full_slug: 'de/home', default_full_slug: 'home' });
    expect(de.content).toMatchObject({ title: 'Willkommen', internal_note: 'Not for translation' });
    expect((de.content.body as CdnStory['content'][])[0]).toMatchObject({ headline: 'Hallo Welt' });
    expect(de.content.seo).toMatchObject({ title: 'Startseite | Basic' });
    expect(hasI18nKey(de)).toBe(false);

    const fr = (await cdn(fx.publicToken).get('cdn/stories/home', { language: 'fr' })).data.story as CdnStory;
    expect(fr.content.title).toBe('Welcome');
    expect((fr.content.body as CdnStory['content'][])[0]).toMatchObject({ headline: 'Bonjour le monde' });
    expect(fr.content.seo).toMatchObject({ title: 'Home | Basic' });

    const plain = (await cdn(fx.publicToken).get('cdn/stories/home')).data.story as CdnStory;
    expect(plain).toMatchObject({ lang: 'default', full_slug: 'home' });
    expect(plain.content.title).toBe('Welcome');
    expect(hasI18nKey(plain)).toBe(false);

    // An empty translation falls back; fallback_lang comes before the default language.
    const index = (
      await cdn(fx.publicToken).get('cdn/stories/blog/', { language: 'fr', fallback_lang: 'de' } as ISbStoriesParams)
    ).data.story as CdnStory;
    expect(index.content.title).toBe('Alle Beiträge');

    const many = (await cdn(fx.previewToken, 'draft').getAll('cdn/stories', { language: 'de' })) as CdnStory[];
    expect(many.find((s) => s.id === fx.stories.draftPost)?.content.title).toBe('In Arbeit');
    expect(hasI18nKey(many)).toBe(false);

    const prefixed = (await cdn(fx.publicToken).get('cdn/stories/de/home')).data.story as CdnStory;
    expect(prefixed.content.title).toBe('Willkommen');
  });

  it('finds a single story by full slug, id, uuid with find_by, and a startpage by its folder', async () => {
    const client = cdn(fx.previewToken, 'draft');
    const bySlug = (await client.get('cdn/stories/blog/2024/first-post')).data.story as CdnStory;
    const byId = (await client.get(`cdn/stories/${fx.stories.firstPost}`)).data.story as CdnStory;
    const byUuid = (
      await client.get('cdn/stories/00000000-0000-4000-a000-000000000012', { find_by: 'uuid' } as ISbStoriesParams)
    ).data.story as CdnStory;
    expect([bySlug.id, byId.id, byUuid.id]).toEqual([12, 12, 12]);
    const startpage = (await client.get('cdn/stories/blog')).data.story as CdnStory;
    expect(startpage.id).toBe(fx.stories.blogIndex);
    expect(bySlug).not.toHaveProperty('unpublished_changes');
  });

  it('filters CDN lists and sends total and per-page', async () => {
    const res = await cdnFetch('/stories', {
      token: fx.previewToken,
      version: 'draft',
      starts_with: 'blog/',
      per_page: '1',
    });
    expect(res.headers.get('total')).toBe('3');
    expect(res.headers.get('per-page')).toBe('1');
    const body = (await res.json()) as { stories: CdnStory[]; cv: number; rels: unknown[]; links: unknown[] };
    expect(body.stories).toHaveLength(1);
    expect(typeof body.cv).toBe('number');
    expect(body).toMatchObject({ rels: [], links: [] });

    const byComponent = await cdnFetch('/stories', {
      token: fx.previewToken,
      version: 'draft',
      'filter_query[title][in]': 'Welcome,Our team',
    });
    const found = (await byComponent.json()) as { stories: CdnStory[] };
    expect(found.stories.map((s) => s.id).sort()).toEqual([10, 11]);
  });

  it('gives the cache version on spaces/me and redirects published reads without cv', async () => {
    const me = (await (await cdnFetch('/spaces/me', { token: fx.publicToken })).json()) as {
      space: { id: number; version: number; language_codes: string[] };
    };
    expect(me.space).toMatchObject({ id: fx.spaceId, language_codes: ['de', 'fr'] });

    const redirected = await cdnFetch('/stories/home', { token: fx.publicToken }, 'manual');
    expect(redirected.status).toBe(301);
    expect(redirected.headers.get('location')).toContain(`cv=${me.space.version}`);
    const draft = await cdnFetch('/stories/home', { token: fx.previewToken, version: 'draft' }, 'manual');
    expect(draft.status).toBe(200);

    fake.publishStory(fx.spaceId, fx.stories.team);
    const after = (await (await cdnFetch('/spaces/me', { token: fx.publicToken })).json()) as typeof me;
    expect(after.space.version).toBeGreaterThan(me.space.version);
  });

  it('lists links with folders, paginated', async () => {
    const res = await cdnFetch('/links', { token: fx.publicToken, cv: '1', paginated: '1', per_page: '100' });
    expect(res.headers.get('total')).toBe('7');
    const { links } = (await res.json()) as { links: Record<string, Record<string, unknown>> };
    const bySlug = Object.fromEntries(Object.values(links).map((l) => [l.slug, l]));
    expect(Object.keys(bySlug).sort()).toEqual([
      'about',
      'about/team',
      'blog',
      'blog/',
      'blog/2024',
      'blog/2024/first-post',
      'home',
    ]);
    expect(bySlug['blog/2024']).toMatchObject({ is_folder: true, parent_id: 2, real_path: '/blog/2024' });
  });
});
