import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { startFakeOpenAI } from '#tests/fakes/openai/server.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { aiRunData } from '#tests/support/ai-run-data.ts';
import { connectSpace, type ConnectedSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { startedRun } from '#contract/folder-run-rules.ts';
import { until as waitUntil } from '#tests/support/until.ts';

// Two spaces on one server: a big AI run in one must not make the other wait, and a cancelled run must not
// make the next run of its own space wait.
const GUIDES = 40;

let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let server: TestServer;
let first: ConnectedSpace;
let second: ConnectedSpace;

async function localeOf(space: ConnectedSpace, code: string): Promise<number> {
  const me = await space.api.call('getMe', {});
  return me.spaces.find((row) => row.id === space.spaceId)!.space_locales.find((locale) => locale.code === code)!.id;
}

async function storyId(space: ConnectedSpace, name: string): Promise<number> {
  const row = await server.prisma.storyNode.findFirstOrThrow({
    where: { spaceId: space.spaceId, name },
    select: { id: true },
  });
  return row.id;
}

async function askHome(space: ConnectedSpace, code: string) {
  const home = await storyId(space, 'Home');
  const { translatable_keys } = await space.api.call('getStory', {
    params: { storyId: home },
    query: { locale: code },
  });
  return space.api.call('createTranslationAsks', {
    body: {
      translatable_key_ids: translatable_keys.map((key) => key.id),
      space_locale_id: await localeOf(space, code),
    },
  });
}

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) =>
  waitUntil(read, done, { what, timeoutMs: 60_000 });

const runOf = (space: ConnectedSpace, batchId: string) =>
  space.api.call('getTranslationBatch', { params: { batchId } });

/** Jobs of a run still waiting in the queue, as the queue's own table holds them. */
async function waitingJobsOf(batchId: string): Promise<number> {
  const [row] = await server.prisma.$queryRaw<Array<{ count: number }>>`
    SELECT count(*)::int AS count FROM pgboss.job
    WHERE name = 'ai.translate' AND data->>'batchId' = ${batchId} AND state IN ('created', 'retry')`;
  return row!.count;
}

beforeAll(async () => {
  const runData = await aiRunData({ stories: GUIDES, teasers: 2, copies: 1 });
  storyblok = await startFakeStoryblok({ data: runData.data });
  openai = await startFakeOpenAI({ seed: 'ai-run-queue' });
  server = await startTestServer({
    env: {
      STORYBLOK_MAPI_URL: storyblok.mapiUrl,
      OPENAI_API_KEY: 'local-key',
      OPENAI_BASE_URL: openai.baseUrl,
      AI_DAILY_WORDS_WITHOUT_PLAN: '1000000',
    },
  });
  first = await connectSpace(server, runData.spaces[0]!, 'first');
  second = await connectSpace(server, runData.spaces[1]!, 'second');
});

afterAll(async () => {
  await server?.close();
  await openai?.close();
  await storyblok?.close();
});

describe('AI runs of several spaces on one server', () => {
  it('runs another space’s ask while a big run is going', async () => {
    openai.traffic.latencyMs = 300;
    const big = startedRun(
      await first.api.call('translateFolder', {
        body: {
          space_id: first.spaceId,
          folder_id: await storyId(first, 'Guides'),
          space_locale_id: await localeOf(first, 'fr'),
        },
      }),
    );
    expect(big).toMatchObject({ status: 'running', total: GUIDES * 3 });

    const small = await askHome(second, 'fr');
    expect(small.asked).toBeGreaterThan(0);
    const smallRun = await until(
      () => runOf(second, small.batch_id),
      (run) => run.status !== 'running',
      'the small ask',
    );
    expect(smallRun).toMatchObject({ status: 'completed', done: small.asked, failed: 0 });
    // The big run of the other space was still going: the small one did not wait behind it.
    const meanwhile = await runOf(first, big.id);
    expect(meanwhile.status).toBe('running');
    expect(meanwhile.done).toBeLessThan(meanwhile.total);

    const finished = await until(
      () => runOf(first, big.id),
      (run) => run.status !== 'running',
      'the big run',
    );
    expect(finished).toMatchObject({ status: 'completed', done: GUIDES * 3, failed: 0 });
  });

  it('takes a cancelled run’s waiting work off the queue, so the space’s next ask starts at once', async () => {
    openai.traffic.latencyMs = 1000;
    const guideTexts = new Set(
      (
        await server.prisma.translatableKey.findMany({
          where: { spaceId: first.spaceId, story: { name: { startsWith: 'Guide ' } } },
          select: { valueText: true },
        })
      ).map((key) => key.valueText),
    );
    const big = startedRun(
      await first.api.call('translateFolder', {
        body: {
          space_id: first.spaceId,
          folder_id: await storyId(first, 'Guides'),
          space_locale_id: await localeOf(first, 'de'),
        },
      }),
    );
    expect(big.total).toBe(GUIDES * 3);
    const cancelled = await first.api.call('cancelTranslationBatch', { params: { batchId: big.id } });
    const cancelledAt = Date.now();
    expect(cancelled.status).toBe('cancelled');
    // A job a worker took just before the cancel and handed back for its group's share (hasGroupTurn) can come
    // back to the queue after it; it finds its asks gone and ends.
    await until(
      () => waitingJobsOf(big.id),
      (waiting) => waiting === 0,
      'the run’s waiting jobs to go',
    );

    const next = await askHome(first, 'de');
    const nextRun = await until(
      () => runOf(first, next.batch_id),
      (run) => run.status !== 'running',
      'the next ask',
    );
    expect(nextRun).toMatchObject({ status: 'completed', done: next.asked, failed: 0 });
    // Only the stories already with the model when the run was cancelled (at most the space's share of the
    // workers) reached it afterwards; the rest never ran.
    const lateGuideRequests = openai
      .requests()
      .filter((request) => Date.parse(request.receivedAt) >= cancelledAt)
      .filter((request) => request.translationRequest?.items.some((item) => guideTexts.has(item.text)));
    expect(lateGuideRequests.length).toBeLessThanOrEqual(2);
    await until(
      () => server.prisma.translationAsk.count({ where: { batchId: big.id } }),
      (open) => open === 0,
      'the stories under way to finish',
    );
    expect((await runOf(first, big.id)).status).toBe('cancelled');
  });
});
