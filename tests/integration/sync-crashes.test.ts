import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { generateData, toRawData, type GeneratedData } from '#tests/fakes/storyblok/generate/generate-data.ts';
import { createRandom } from '#tests/fakes/storyblok/random.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import {
  crashDatabase,
  prepareCrashServers,
  signInCrashOwner,
  type CrashDatabase,
} from '#tests/support/crash-database.ts';
import { startServerProcess, type ServerProcess } from '#tests/support/server-process.ts';
import { countsAndRecount } from '#tests/support/space-counts.ts';

// The first sync of a space of 1,000 stories while the server is killed (kill -9) six times in a row, each
// time once the sync has moved on since the last kill, then started once more and left alone. The sync must
// resume after every start (within a minute: the heartbeat of a silent worker and the wait before a retry are
// both short), complete, and leave every count equal to a recount of the rows.
const SEED = process.env.SYNC_CRASH_SEED ?? String(Date.now() % 1_000_000);
const STORIES = 1000;
const KILLS = 6;
const RESUME_LIMIT_MS = 60_000;

let folder: string;
let data: GeneratedData;
let storyblok: FakeStoryblok;
let database: CrashDatabase;
let server: ServerProcess | null = null;
let env: Record<string, string>;
let accessToken: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const client = (running: ServerProcess): ApiClient =>
  createApiClient({ baseUrl: running.baseUrl, getAccessToken: () => accessToken });
const startedAt = Date.now();
const say = (line: string) =>
  process.stdout.write(`[sync-crashes seed ${SEED}, ${((Date.now() - startedAt) / 1000).toFixed(1)} s] ${line}\n`);

/** Waits until the space's sync has read more than `done` items, or has completed; fails past the limit. */
async function progressPast(api: ApiClient, spaceId: number, done: number, limitMs: number) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const status = await api.call('getSyncStatus', { params: { id: spaceId } });
    if (status.status === 'failed') throw new Error(`the sync failed: ${status.error}`);
    if (status.done > done || status.status === 'completed') return status;
    if (Date.now() > deadline) throw new Error(`the sync did not move past ${done} within ${limitMs} ms`);
    await sleep(200);
  }
}

beforeAll(async () => {
  say(`started (set SYNC_CRASH_SEED=${SEED} to repeat the kills)`);
  folder = mkdtempSync(path.join(tmpdir(), 'polyblok-sync-crash-'));
  data = generateData({ stories: STORIES, seed: 'sync-crashes' });
  storyblok = await startFakeStoryblok({ data: toRawData(data) });
  database = await crashDatabase(folder);
  // The pace of a paid Storyblok plan, so that the sync lasts long enough for six kills to fall inside it.
  env = await prepareCrashServers(database, folder, {
    STORYBLOK_MAPI_URL: storyblok.mapiUrl,
    STORYBLOK_REQUESTS_PER_SECOND: '40',
  });
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await storyblok?.close();
  await database?.dispose();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('a sync of 1,000 stories through six crashes of the server', () => {
  it('resumes after every start, completes, and keeps every count equal to a recount', async () => {
    server = await startServerProcess(env);
    accessToken = await signInCrashOwner(server);
    let api = client(server);
    const { id: spaceId } = await api.call('createSpace', {
      body: { space_id: data.spaceId, personal_access_token: data.token },
    });
    const random = createRandom(`sync-crashes:${SEED}`);
    let done = 0;
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const resumed = await progressPast(api, spaceId, done, RESUME_LIMIT_MS);
      expect(resumed.status).not.toBe('completed');
      await sleep(random.int(200, 1500));
      done = (await api.call('getSyncStatus', { params: { id: spaceId } })).done;
      await server.stop('SIGKILL');
      say(`kill ${kill}: ${done} of ${resumed.total} read`);
      server = await startServerProcess(env);
      api = client(server);
    }

    await progressPast(api, spaceId, done, RESUME_LIMIT_MS);
    let status = await api.call('getSyncStatus', { params: { id: spaceId } });
    for (const deadline = Date.now() + 180_000; status.status !== 'completed';) {
      if (status.status === 'failed') throw new Error(`the sync failed: ${status.error}`);
      if (Date.now() > deadline) throw new Error(`the sync did not complete: ${JSON.stringify(status)}`);
      await sleep(250);
      status = await api.call('getSyncStatus', { params: { id: spaceId } });
    }
    say(`completed: ${status.done} of ${status.total}`);
    expect(await server.stop('SIGTERM')).toBe(0);
    server = null;

    const { prisma, close } = await database.open();
    try {
      const nodes = await prisma.storyNode.findMany({
        where: { spaceId },
        select: { isFolder: true, contentHash: true, importError: true },
      });
      expect(nodes.filter((node) => !node.isFolder)).toHaveLength(STORIES);
      expect(nodes.filter((node) => node.isFolder)).toHaveLength(data.folders.length);
      // Every story's content is in, once: none left unread, none failed.
      expect(
        nodes.filter((node) => !node.isFolder && (node.contentHash === null || node.importError !== null)),
      ).toEqual([]);
      const { kept, recount } = await countsAndRecount(prisma, spaceId);
      expect(recount.space.translatableKeysCount).toBeGreaterThan(STORIES);
      expect(kept).toEqual(recount);
    } finally {
      await close();
    }
  }, 900_000);
});
