import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import type { FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { startFakeOpenAI } from '#tests/fakes/openai/server.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { createRandom } from '#tests/fakes/storyblok/random.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { aiRunData, type RunSpace } from '#tests/support/ai-run-data.ts';
import {
  crashDatabase,
  prepareCrashServers,
  signInCrashOwner,
  type CrashDatabase,
} from '#tests/support/crash-database.ts';
import { startServerProcess, type ServerProcess } from '#tests/support/server-process.ts';
import { startedRun } from '#contract/folder-run-rules.ts';

// A folder run of a few hundred keys while the server is killed (kill -9) at ten random moments and started
// again on the same data each time. However the kills fall, once the run is over every key is translated or
// failed with a reason, the words charged are the words translated, and the run's progress is its asks' own.
const SEED = process.env.AI_CRASH_SEED ?? String(Date.now() % 1_000_000);
const KILLS = 10;
const GUIDES = 60;

let folder: string;
let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let database: CrashDatabase;
let server: ServerProcess | null = null;
let env: Record<string, string>;
let accessToken: string;
let space: RunSpace;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const client = (running: ServerProcess): ApiClient =>
  createApiClient({ baseUrl: running.baseUrl, getAccessToken: () => accessToken });
const startedAt = Date.now();
const say = (line: string) =>
  process.stdout.write(`[ai-run-crashes seed ${SEED}, ${((Date.now() - startedAt) / 1000).toFixed(1)} s] ${line}\n`);

beforeAll(async () => {
  say(`started (set AI_CRASH_SEED=${SEED} to repeat the kills)`);
  folder = mkdtempSync(path.join(tmpdir(), 'polyblok-ai-crash-'));
  const runData = await aiRunData({ stories: GUIDES, teasers: 3 });
  space = runData.spaces[0]!;
  storyblok = await startFakeStoryblok({ data: runData.data });
  // Slow answers, so most kills land while stories are with the model.
  openai = await startFakeOpenAI({ seed: `ai-crash:${SEED}`, latencyMs: 700 });
  database = await crashDatabase(folder);
  env = await prepareCrashServers(database, folder, {
    OPENAI_API_KEY: 'local-key',
    OPENAI_BASE_URL: openai.baseUrl,
    STORYBLOK_MAPI_URL: storyblok.mapiUrl,
    STORYBLOK_REQUESTS_PER_SECOND: '100',
    AI_DAILY_WORDS_WITHOUT_PLAN: '1000000',
  });
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await openai?.close();
  await storyblok?.close();
  await database?.dispose();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('a folder run through ten crashes of the server', () => {
  it('ends with every key translated or failed with a reason, and charges exactly the words translated', async () => {
    server = await startServerProcess(env);
    accessToken = await signInCrashOwner(server);
    let api = client(server);
    const { id: spaceId } = await api.call('createSpace', {
      body: { space_id: space.storyblokSpaceId, personal_access_token: space.pat },
    });
    for (let attempt = 0; (await api.call('getSyncStatus', { params: { id: spaceId } })).status !== 'completed';) {
      attempt += 1;
      if (attempt > 600) throw new Error('the first sync did not finish');
      await sleep(100);
    }
    const fr = (await api.call('getMe', {})).spaces[0]!.space_locales.find((locale) => locale.code === 'fr')!;
    const run = startedRun(await api.call('translateFolder', { body: { space_id: spaceId, space_locale_id: fr.id } }));
    expect(run.total).toBeGreaterThan(GUIDES * 4);
    say(`run ${run.id}: ${run.total} keys`);

    const random = createRandom(`ai-run-crashes:${SEED}`);
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const delay = random.int(300, 2500);
      await sleep(delay);
      const before = await api.call('getTranslationBatch', { params: { batchId: run.id } });
      await server.stop('SIGKILL');
      say(`kill ${kill} after ${delay} ms up: ${before.done} done, ${before.failed} failed, ${before.status}`);
      server = await startServerProcess(env);
      api = client(server);
    }

    let finished = await api.call('getTranslationBatch', { params: { batchId: run.id } });
    for (let waited = 0; finished.status === 'running'; waited += 500) {
      if (waited > 180_000) throw new Error(`the run did not end: ${JSON.stringify(finished)}`);
      await sleep(500);
      finished = await api.call('getTranslationBatch', { params: { batchId: run.id } });
    }
    say(`run over: ${finished.done} done, ${finished.failed} failed of ${finished.total}`);
    expect(await server.stop('SIGTERM')).toBe(0);
    server = null;

    const { prisma, close } = await database.open();
    try {
      expect(finished.status).toBe('completed');
      const asks = await prisma.translationAsk.findMany({
        where: { batchId: run.id },
        select: { status: true, error: true, translatableKeyId: true, translatableKey: { select: { storyId: true } } },
      });
      // Nothing is left under way, and each failed key says why.
      expect(asks.filter((ask) => ask.status !== 'failed')).toEqual([]);
      expect(asks.filter((ask) => !ask.error)).toEqual([]);
      const aiTranslated = await prisma.translation.findMany({
        where: { spaceLocaleId: fr.id, origin: 'ai' },
        select: { translatableKeyId: true, translatableKey: { select: { wordCount: true, storyId: true } } },
      });
      // Every key the run asked for is translated or failed, never both, never neither.
      const failedKeys = new Set(asks.map((ask) => ask.translatableKeyId));
      expect(aiTranslated.filter((row) => failedKeys.has(row.translatableKeyId))).toEqual([]);
      expect(aiTranslated.length + asks.length).toBe(run.total);
      // The run's progress is a recount of its keys.
      expect({ done: finished.done, failed: finished.failed }).toEqual({
        done: aiTranslated.length,
        failed: asks.length,
      });
      // The words charged are the words translated: nothing for keys that failed or for work lost in a crash.
      const charged = await prisma.aiUsage.aggregate({ where: { spaceId }, _sum: { words: true } });
      const translatedWords = aiTranslated.reduce((sum, row) => sum + row.translatableKey.wordCount, 0);
      expect(charged._sum.words ?? 0).toBe(translatedWords);
      // The run's words are counted in the same transactions: its progress in words is exact too.
      expect(finished.words_done).toBe(translatedWords);
      expect(await prisma.aiReservation.count()).toBe(0);
      const stories = new Set([...asks, ...aiTranslated].map((row) => row.translatableKey.storyId)).size;
      say(`${translatedWords} words charged for ${aiTranslated.length} keys translated`);
      say(
        `${openai.requests().length} model requests for the run's ${stories} stories: the rest was work lost in kills`,
      );
    } finally {
      await close();
    }
  }, 600_000);
});
