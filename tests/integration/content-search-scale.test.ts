import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchStatus } from '#contract/search-rules.ts';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { seedBigSpace } from '#tests/support/search-content.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

const STORIES = 1_000;
const KEYS_PER_STORY = 50;

let server: TestServer;
let api: ApiClient;
let spaceId: number;
/** How long each search took once the space was seeded, as the setup measured it. */
const timings: Record<string, number> = {};

const search = (query: { q?: string; status?: SearchStatus }) =>
  api.call('searchContent', { query: { space_id: spaceId, locale: 'de', ...query } });

async function timed(label: string, query: { q?: string; status?: SearchStatus }) {
  await search(query);
  const started = performance.now();
  const answer = await search(query);
  timings[label] = Math.round(performance.now() - started);
  return answer;
}

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
  const started = performance.now();
  await seedBigSpace(server.prisma, {
    spaceId,
    localeId: space.locales[0]!.id,
    stories: STORIES,
    keysPerStory: KEYS_PER_STORY,
  });
  timings.seed = Math.round(performance.now() - started);
});

afterAll(async () => {
  console.log(`Content search on ${STORIES} stories and ${STORIES * KEYS_PER_STORY} keys (ms):`, timings);
  await server?.close();
});

describe(`a space of ${STORIES} stories and ${STORIES * KEYS_PER_STORY} keys`, () => {
  it('finds the few keys that hold a rare word, in their sources and their translations', async () => {
    const expected = await server.prisma.translatableKey.count({
      where: { spaceId, valueText: { contains: 'quokka' } },
    });
    const answer = await timed('rare word', { q: 'Quokka' });
    const found = answer.stories.reduce((sum, story) => sum + story.match_count, 0);
    expect(found + (answer.has_more ? 1 : 0)).toBeGreaterThanOrEqual(Math.min(expected, 50));
    expect(answer.stories.every((story) => story.matches.every((match) => match.value_text.includes('quokka')))).toBe(
      true,
    );
    const translated = await timed('rare word in translations', { q: 'wombat' });
    expect(translated.stories.length).toBeGreaterThan(0);
  });

  it('answers at most 50 stories of 5 matches for a word in every key', async () => {
    const answer = await timed('word in every key', { q: 'harbour' });
    expect(answer.stories).toHaveLength(50);
    expect(answer.has_more).toBe(true);
    expect(answer.stories[0]!.match_count).toBe(KEYS_PER_STORY);
    expect(answer.stories.every((story) => story.matches.length === 5)).toBe(true);
  });

  it('filters the whole space by status, alone and with words', async () => {
    const missing = await timed('status missing', { status: 'missing' });
    expect(missing.stories).toHaveLength(50);
    expect(missing.stories.every((story) => story.matches.every((match) => match.status === 'missing'))).toBe(true);
    const verified = await timed('status verified with a word', { q: 'museum', status: 'verified' });
    expect(verified.stories.every((story) => story.matches.every((match) => match.status === 'verified'))).toBe(true);
    await timed('name', { q: 'Story 999' });
    await timed('nothing', { q: 'no such words anywhere' });
  });
});
