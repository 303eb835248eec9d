import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBudget } from '#server/storyblok-access/request-budget.ts';
import { StoryblokError } from '#server/storyblok-access/storyblok-error.ts';
import { createStoryblokAdapter } from '#server/storyblok-access/storyblok-adapter.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';

const fastRetries = { maxAttempts: 6, maxElapsedMs: 20_000, baseDelayMs: 20, maxDelayMs: 200 };
const pat = { kind: 'personal', token: basicFixture.pat } as const;

describe('the Storyblok adapter against the local Storyblok', () => {
  let storyblok: FakeStoryblok;

  beforeAll(async () => {
    storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  });

  afterAll(async () => {
    await storyblok?.close();
  });

  const adapter = () =>
    createStoryblokAdapter({ mapiUrl: storyblok.mapiUrl, budget: createLocalBudget(50), retryPolicy: fastRetries });

  it('lists the spaces of a token and reads one with its languages and preview token', async () => {
    expect(await adapter().listSpaces(pat)).toEqual([
      expect.objectContaining({ id: basicFixture.spaceId, region: 'eu' }),
    ]);
    const space = await adapter().getSpace(pat, basicFixture.spaceId);
    expect(space.languages.map((language) => language.code)).toEqual([...basicFixture.languages]);
    expect(space.previewToken).toBe(basicFixture.previewToken);
  });

  it('answers unauthorized for an unknown token', async () => {
    const error = await adapter()
      .listSpaces({ kind: 'personal', token: 'nope' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoryblokError);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('pages through stories with their totals, and reads one with its content', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => adapter().listStories(pat, basicFixture.spaceId, page, 4)),
    );
    expect(pages.map((page) => page.stories.length)).toEqual([4, 4, 1, 0]);
    expect(pages[0]!.total).toBe(basicFixture.storyCount + basicFixture.folderCount);
    const ids = pages.flatMap((page) => page.stories.map((story) => story.id));
    expect(new Set(ids).size).toBe(basicFixture.storyCount + basicFixture.folderCount);
    const home = await adapter().getStory(pat, basicFixture.spaceId, basicFixture.stories.home);
    expect(home.content).toMatchObject({ component: expect.any(String) });
  });

  it('writes content and changes nothing else of the story', async () => {
    const before = await adapter().getStory(pat, basicFixture.spaceId, basicFixture.stories.team);
    const content = { ...before.content, headline__i18n__de: 'Unser Team' };
    const after = await adapter().updateStoryContent(pat, basicFixture.spaceId, basicFixture.stories.team, content);
    expect(after.content).toEqual(content);
    expect(after.updated_at).not.toBe(before.updated_at);
    expect(storyblok.getStory(basicFixture.spaceId, basicFixture.stories.team)).toMatchObject({
      name: before.name,
      slug: before.slug,
    });
  });

  it('replaces the languages of the space', async () => {
    await adapter().setSpaceLanguages(pat, basicFixture.spaceId, [
      { code: 'de', name: 'German' },
      { code: 'pt-br', name: 'Portuguese' },
    ]);
    const space = await adapter().getSpace(pat, basicFixture.spaceId);
    expect(space.languages).toEqual([
      expect.objectContaining({ code: 'de' }),
      expect.objectContaining({ code: 'pt-br' }),
    ]);
  });

  it('reads the component schemas', async () => {
    const components = await adapter().listComponents(pat, basicFixture.spaceId);
    expect(components.length).toBeGreaterThan(0);
    expect(components[0]).toMatchObject({ name: expect.any(String), schema: expect.any(Object) });
  });

  it('rides out a storm of 429 answers while keeping under the rate', async () => {
    storyblok.traffic.rate = 5;
    storyblok.resetRateLimits();
    storyblok.clearRequests();
    try {
      const burst = createStoryblokAdapter({
        mapiUrl: storyblok.mapiUrl,
        budget: createLocalBudget(20),
        retryPolicy: fastRetries,
      });
      const pages = await Promise.all(
        Array.from({ length: 8 }, () => burst.listStories(pat, basicFixture.spaceId, 1, 2)),
      );
      expect(pages.every((page) => page.stories.length === 2)).toBe(true);
      expect(storyblok.requests().some((request: { status: number }) => request.status === 429)).toBe(true);
    } finally {
      storyblok.traffic.rate = undefined;
    }
  });

  it('rides out 5xx answers on reads', async () => {
    storyblok.traffic.failRate = 0.5;
    try {
      const results = await Promise.all(Array.from({ length: 6 }, () => adapter().getSpace(pat, basicFixture.spaceId)));
      expect(results.every((space) => space.id === basicFixture.spaceId)).toBe(true);
    } finally {
      storyblok.traffic.failRate = 0;
    }
  });

  it('stops at once on a revoked token', async () => {
    storyblok.addToken('short-lived', [basicFixture.spaceId]);
    const auth = { kind: 'personal', token: 'short-lived' } as const;
    await adapter().getSpace(auth, basicFixture.spaceId);
    storyblok.revokeToken('short-lived');
    storyblok.clearRequests();
    await expect(adapter().getSpace(auth, basicFixture.spaceId)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(storyblok.requests()).toHaveLength(1);
  });
});

describe('spaces in several regions', () => {
  let storyblok: FakeStoryblok;

  beforeAll(async () => {
    const space = (id: number, name: string) => ({
      id,
      space: { id, name, languages: [] },
      components: [],
      stories: [],
    });
    storyblok = await startFakeStoryblok({
      data: { tokens: { multi: [123, 1_500_000] }, spaces: [space(123, 'Europe shop'), space(1_500_000, 'US shop')] },
    });
  });

  afterAll(async () => {
    await storyblok?.close();
  });

  it('finds a token’s spaces on every regional host', async () => {
    const adapter = createStoryblokAdapter({
      mapiUrl: `${storyblok.baseUrl}/{region}/v1`,
      budget: createLocalBudget(50),
      retryPolicy: fastRetries,
    });
    const spaces = await adapter.listSpaces({ kind: 'personal', token: 'multi' });
    expect(spaces.map((space) => [space.name, space.region]).sort()).toEqual([
      ['Europe shop', 'eu'],
      ['US shop', 'us'],
    ]);
    const us = await adapter.getSpace({ kind: 'personal', token: 'multi' }, 1_500_000);
    expect(us.region).toBe('us');
  });
});
