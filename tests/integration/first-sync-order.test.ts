import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { generateData, toRawData } from '#tests/fakes/storyblok/generate/generate-data.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

// Two pages of the story list, and enough stories that reading them all takes a while.
const generated = generateData({ stories: 150, seed: 'first-sync-order' });
const items = generated.stories.length + generated.folders.length;
const lastStory = generated.stories.at(-1)!.id as number;
let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
/** How many stories the sync had read when the last story was opened. */
let readsWhenOpened: number;

const base = `/v1/spaces/${generated.spaceId}`;
const isStoryRead = (path: string) => new RegExp(`^${base}/stories/\\d+$`).test(path);
const isListing = (path: string) => path === `${base}/stories`;
const storyReads = () =>
  storyblok
    .requests()
    .filter((request) => isStoryRead(request.path))
    .map((request) => Number(request.path.split('/').at(-1)));

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 10_000; attempt += 1) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`waited in vain for ${what}`);
}

const nodeOf = async (storyblokId: number) =>
  (
    await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(storyblokId) },
      select: { id: true },
    })
  ).id;

beforeAll(async () => {
  // A little latency per request stands in for the distance to Storyblok.
  storyblok = await startFakeStoryblok({ data: toRawData(generated), latencyMs: 10 });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  const session = await createAccount(server, uniqueEmail('first-sync'));
  api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('the first sync of a newly connected space', () => {
  it('lists the whole tree before reading any story, and shows it with every story still importing', async () => {
    storyblok.clearRequests();
    ({ id: spaceId } = await api.call('createSpace', {
      body: { space_id: generated.spaceId, personal_access_token: generated.token },
    }));
    await until('the first story read', () => (storyReads().length > 0 ? true : undefined));
    const requests = storyblok.requests().map((request) => request.path);
    const firstRead = requests.findIndex(isStoryRead);
    expect(requests.slice(0, firstRead).filter(isListing)).toHaveLength(Math.ceil(items / 100));
    expect(requests.slice(firstRead).filter(isListing)).toHaveLength(0);

    const root = await api.call('getRootFolder', { query: { locale: 'de', space_id: spaceId } });
    const rootItems = [...generated.folders, ...generated.stories].filter((item) => item.parent_id === 0);
    expect(root.stories.map((item) => item.name).sort()).toEqual(rootItems.map((item) => item.name as string).sort());
    expect(root.stories.filter((item) => item.is_folder).every((item) => !item.importing)).toBe(true);
    expect(await server.prisma.storyNode.count({ where: { spaceId } })).toBe(items);
    const waiting = await api.call('getStory', {
      params: { storyId: await nodeOf(lastStory) },
      query: { locale: 'de' },
    });
    readsWhenOpened = storyReads().length;
    expect(waiting).toMatchObject({ importing: true, translatable_keys: [] });
  });

  it('reads a story someone opens next, instead of in its turn at the end', async () => {
    // The story opened above was marked then; the sync reads it after at most the story it was reading.
    const position = await until('the opened story to be read', () => {
      const reads = storyReads();
      const at = reads.indexOf(lastStory);
      return at >= 0 ? at : undefined;
    });
    expect(position).toBeLessThanOrEqual(readsWhenOpened + 1);
    const story = await until('the opened story to be imported', async () => {
      const detail = await api.call('getStory', {
        params: { storyId: await nodeOf(lastStory) },
        query: { locale: 'de' },
      });
      return detail.importing ? undefined : detail;
    });
    expect(story.translatable_keys.length).toBeGreaterThan(0);
    expect(storyReads().length).toBeLessThan(generated.stories.length);
  });

  it('reads every story once, and none is importing when the sync is done', async () => {
    await until('the sync to complete', async () => {
      const status = await api.call('getSyncStatus', { params: { id: spaceId } });
      if (status.status === 'failed') throw new Error(status.error ?? 'the sync failed');
      return status.status === 'completed' ? true : undefined;
    });
    const reads = storyReads();
    expect(reads).toHaveLength(generated.stories.length);
    expect(new Set(reads).size).toBe(generated.stories.length);
    const root = await api.call('getRootFolder', { query: { locale: 'de', space_id: spaceId } });
    expect(root.stories.some((item) => item.importing)).toBe(false);
    expect(await server.prisma.storyNode.count({ where: { spaceId, importWantedAt: { not: null } } })).toBe(0);
  }, 180_000);
});
