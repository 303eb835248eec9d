// Benchmark: a whole space at agency scale on PostgreSQL (127.0.0.1:5432, or BENCH_DATABASE_URL). A generated
// space of BENCH_STORIES stories (default 10,000) on a Growth plan is served by the local Storyblok at its rate
// (BENCH_RATE, default 6 requests a second per token) in a process of its own; an owner connects it through the
// API. Reports the first sync's time against the rate floor (the requests it needed at that rate), whether
// Storyblok answered any 429, then story and folder reads p95, the counts and the database's size.
// Run: npm run bench:scale   (10,000 stories take about half an hour at 6/s; BENCH_STORIES=1000 about 3 min)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApiClient } from '#kit/api/api-client.ts';
import { generateData, writeData } from '#tests/fakes/storyblok/generate/generate-data.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { startTestServer } from '#tests/support/test-server.ts';
import { BENCH_ADMIN_URL } from './server/bench-database.ts';
import { startStoryblokProcess } from './server/storyblok-process.ts';

const STORIES = Number(process.env.BENCH_STORIES ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 6);
const READS = 100;
const STORY_LIMIT_MS = 30;
const FLOOR_LIMIT = 1.05;

interface Figure {
  what: string;
  value: string;
  reference: string;
  ratio: number | null;
  ok: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1]!;
}

async function timedReads(urls: string[], headers: Record<string, string>): Promise<number> {
  const samples: number[] = [];
  for (const [index, url] of urls.entries()) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    // The first few warm the connections and the database's caches.
    if (index >= 5) samples.push(performance.now() - started);
  }
  return p95(samples);
}

async function storyblokTraffic(url: string) {
  const { requests } = (await (await fetch(`${url}/__fake/requests`)).json()) as {
    requests: Array<{ path: string; status: number; time: string }>;
  };
  const api = requests.filter((request) => request.path.startsWith('/v1/'));
  // The most requests in any one second: a window sliding over every request, as a limiter sees them.
  const times = api.map((request) => Date.parse(request.time)).sort((a, b) => a - b);
  let busiestSecond = 0;
  for (let first = 0, last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= 1000) first += 1;
    busiestSecond = Math.max(busiestSecond, last - first + 1);
  }
  const refused = api.filter((request) => request.status === 429);
  for (const request of refused.slice(0, 3)) console.log(`  429 at ${request.time}: ${request.path}`);
  return { total: api.length, tooMany: refused.length, busiestSecond };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'polyblok-bench-scale-'));
// Pages of 50 to 100 sections (and articles of a dozen fields) make about a hundred keys a story, a million in
// 10,000 stories.
const data = generateData({ stories: STORIES, seed: 'scale', bodyBloks: [50, 100] });
// An agency's space: Storyblok's answer names a paid plan, so the budget starts at 6 requests a second.
Object.assign(data.space, { plan: 'growth', plan_level: 1 });
await writeData(dataDir, data);
const storyblok = await startStoryblokProcess(dataDir, { rate: RATE });
const server = await startTestServer({
  env: { STORYBLOK_MAPI_URL: `${storyblok.url}/v1`, LOG_LEVEL: 'warn' },
  databaseServerUrl: BENCH_ADMIN_URL,
  validateResponses: false,
});
const figures: Figure[] = [];
try {
  const session = await createAccount(server, uniqueEmail('scale'));
  const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
  const auth = { authorization: `Bearer ${session.access_token}` };
  const started = performance.now();
  const { id: spaceId } = await api.call('createSpace', {
    body: { space_id: data.spaceId, personal_access_token: data.token },
  });
  let lastReport = 0;
  for (;;) {
    const status = await api.call('getSyncStatus', { params: { id: spaceId } });
    if (status.status === 'completed') break;
    if (status.status === 'failed') throw new Error(`the first sync failed: ${status.error}`);
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      const minutes = ((lastReport - started) / 60_000).toFixed(1);
      console.log(`  first sync: ${status.done} of ${status.total} after ${minutes} min`);
    }
    await sleep(1_000);
  }
  const syncSeconds = (performance.now() - started) / 1000;
  const traffic = await storyblokTraffic(storyblok.url);
  const floor = traffic.total / RATE;
  figures.push({
    what: `first sync of ${STORIES} stories`,
    value: `${(syncSeconds / 60).toFixed(1)} min`,
    reference: `floor ${(floor / 60).toFixed(1)} min (${traffic.total} requests at ${RATE}/s)`,
    ratio: syncSeconds / floor,
    ok: syncSeconds / floor <= FLOOR_LIMIT,
  });
  figures.push({
    what: 'Storyblok 429 answers, busiest second',
    value: `${traffic.tooMany}, ${traffic.busiestSecond}/s`,
    reference: `limit 0, ${RATE}/s`,
    ratio: null,
    ok: traffic.tooMany === 0 && traffic.busiestSecond <= RATE,
  });

  const stories = await server.prisma.storyNode.findMany({
    where: { spaceId, isFolder: false },
    select: { id: true },
    orderBy: { keyCount: 'desc' },
  });
  // The biggest stories first (what translators open most slowly), then a spread of the rest.
  const picked = [...stories.slice(0, 20), ...stories.filter((_, index) => index % 97 === 0)].slice(0, READS);
  const storyP95 = await timedReads(
    picked.map((story) => `${server.baseUrl}/api/content/story/${story.id}?locale=de`),
    auth,
  );
  figures.push({
    what: 'story GET p95 (largest and spread)',
    value: `${storyP95.toFixed(1)} ms`,
    reference: `limit ${STORY_LIMIT_MS} ms`,
    ratio: storyP95 / STORY_LIMIT_MS,
    ok: storyP95 <= STORY_LIMIT_MS,
  });
  const folders = await server.prisma.storyNode.findMany({
    where: { spaceId, isFolder: true },
    select: { id: true },
    take: READS,
  });
  const folderP95 = await timedReads(
    [
      `${server.baseUrl}/api/content/folder?locale=de&space_id=${spaceId}`,
      ...folders.map((folder) => `${server.baseUrl}/api/content/folder/${folder.id}?locale=de&space_id=${spaceId}`),
    ],
    auth,
  );
  figures.push({
    what: 'folder GET p95',
    value: `${folderP95.toFixed(1)} ms`,
    reference: `limit ${STORY_LIMIT_MS} ms`,
    ratio: folderP95 / STORY_LIMIT_MS,
    ok: folderP95 <= STORY_LIMIT_MS,
  });

  const space = await server.prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { translatableKeysCount: true, translatedKeysCount: true },
  });
  const target = server.database.driver.target;
  const client = new pg.Client({ connectionString: target.kind === 'postgres' ? target.url : '' });
  await client.connect();
  const { rows } = await client.query<{ size: string }>('SELECT pg_database_size(current_database())::text AS size');
  await client.end();
  console.log(
    `  counts: ${stories.length} stories, ${folders.length === READS ? `${READS}+` : folders.length} folders, ` +
      `${space.translatableKeysCount} keys (${(space.translatableKeysCount / stories.length).toFixed(0)} a story), ` +
      `${space.translatedKeysCount} translations imported; database ${(Number(rows[0]!.size) / 2 ** 20).toFixed(0)} MiB`,
  );
} finally {
  await server.close();
  await storyblok.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`space at scale on PostgreSQL (${STORIES} stories, Storyblok at ${RATE}/s)`);
for (const figure of figures) {
  const ratio = figure.ratio === null ? '' : `${figure.ratio.toFixed(2)}x`;
  console.log(
    `  ${figure.what.padEnd(38)} ${figure.value.padStart(12)}   ${figure.reference.padEnd(44)} ${ratio.padStart(6)}   ${figure.ok ? 'ok' : 'OVER'}`,
  );
}
process.exit(figures.every((figure) => figure.ok) ? 0 : 1);
