import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchStatus } from '#contract/search-rules.ts';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { seedBigSpace } from '#tests/support/search-content.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

// Enough stories and keys to meet every bound of an answer (50 stories, 5 matches each).
const STORIES = 120;
const KEYS_PER_STORY = 10;

let server: TestServer;
let api: ApiClient;
let spaceId: number;
const search = (query: { q?: string; status?: SearchStatus }) =>
  api.call('searchContent', { query: { space_id: spaceId, locale: 'de', ...query } });

beforeAll(async () => {
  server = await startTestServer();
  const session = await createAccount(server, uniqueEmail('search-scale'));
  api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
  const space = await server.prisma.space.create({
    data: {
      name: 'Large site',
      storyblokSpaceId: 555_001,
      region: 'EU',
      locales: { create: { code: 'de', name: 'German' } },
      memberships: { create: { userId: session.user.id, role: 'owner', status: 'joined' } },
    },
    select: { id: true, locales: { select: { id: true } } },
  });
  spaceId = space.id;
  await seedBigSpace(server.prisma, {
    spaceId,
    localeId: space.locales[0]!.id,
    stories: STORIES,
    keysPerStory: KEYS_PER_STORY,
  });
});

afterAll(async () => {
  await server?.close();
});

describe(`a space of ${STORIES} stories and ${STORIES * KEYS_PER_STORY} keys`, () => {
  it('finds the few keys that hold a rare word, in their sources and their translations', async () => {
    const expected = await server.prisma.translatableKey.count({
      where: { spaceId, valueText: { contains: 'quokka' } },
    });
    const answer = await search({ q: 'Quokka' });
    const found = answer.stories.reduce((sum, story) => sum + story.match_count, 0);
    expect(found + (answer.has_more ? 1 : 0)).toBeGreaterThanOrEqual(Math.min(expected, 50));
    expect(answer.stories.every((story) => story.matches.every((match) => match.value_text.includes('quokka')))).toBe(
      true,
    );
    const translated = await search({ q: 'wombat' });
    expect(translated.stories.length).toBeGreaterThan(0);
  });

  it('answers at most 50 stories of 5 matches for a word in every key', async () => {
    const answer = await search({ q: 'harbour' });
    expect(answer.stories).toHaveLength(50);
    expect(answer.has_more).toBe(true);
    expect(answer.stories[0]!.match_count).toBe(KEYS_PER_STORY);
    expect(answer.stories.every((story) => story.matches.length === 5)).toBe(true);
  });

  it('filters the whole space by status, alone and with words', async () => {
    const missing = await search({ status: 'missing' });
    expect(missing.stories).toHaveLength(50);
    expect(missing.stories.every((story) => story.matches.every((match) => match.status === 'missing'))).toBe(true);
    const verified = await search({ q: 'museum', status: 'verified' });
    expect(verified.stories.every((story) => story.matches.every((match) => match.status === 'verified'))).toBe(true);
    expect((await search({ q: 'no such words anywhere' })).stories).toEqual([]);
  });
});
