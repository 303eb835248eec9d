// Benchmark: the server's speed goals on PostgreSQL (127.0.0.1:5432, or BENCH_DATABASE_URL), in a database of
// its own. A space whose home story has 1,000 keys is connected through the API against the local Storyblok,
// then: SQL statements a second of the idle server, p95 of the story's GET against raw pg doing the same work,
// 50 concurrent saves against raw pg, the SQL statements of verifying 505 keys, and the story's GET once those
// fill the translation memory against its GET before. Run: npm run bench:server
import { rmSync } from 'node:fs';
import pg from 'pg';
import { createApiClient } from '#kit/api/api-client.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { countsAndRecount } from '#tests/support/space-counts.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { bigStoryData } from '#tests/support/big-story.ts';
import { startRawReference } from './server/raw-reference.ts';
import { countStatements } from './server/statement-counter.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const READS = 200;
const CONCURRENT = 50;
const SAVE_ROUNDS = 4;
const VERIFIED = 505;

interface Figure {
  what: string;
  value: number;
  unit: string;
  reference: string;
  ratio: number;
  ok: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1]!;
}

async function timedReads(url: string, headers: Record<string, string>): Promise<number> {
  for (let index = 0; index < 20; index += 1) await (await fetch(url, { headers })).text();
  const samples: number[] = [];
  for (let index = 0; index < READS; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.text();
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    samples.push(performance.now() - started);
  }
  return p95(samples);
}

/** Saves per second: rounds of CONCURRENT saves at once, each of a key not translated before. */
async function savesPerSecond(save: (key: string, value: string) => Promise<Response>, keys: string[]) {
  const started = performance.now();
  const failed: number[] = [];
  for (let round = 0; round < SAVE_ROUNDS; round += 1) {
    const batch = keys.slice(round * CONCURRENT, (round + 1) * CONCURRENT);
    const answers = await Promise.all(batch.map((key) => save(key, `Traduction ${key}`)));
    for (const answer of answers) if (!answer.ok) failed.push(answer.status);
  }
  return { perSecond: (SAVE_ROUNDS * CONCURRENT) / ((performance.now() - started) / 1000), failed };
}

/** Statements grouped by their first words, most frequent first (BENCH_VERBOSE=1). */
function printKinds(texts: string[]): void {
  const kinds = new Map<string, number>();
  for (const text of texts) {
    const kind = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1]))
    console.log(`${String(count).padStart(6)}  ${kind}`);
}

/** Waits until no write-back of the space is pending or under way (at most a minute). */
async function writeBacksDone(server: TestServer, spaceId: number): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const busy = await server.prisma.storyWriteBack.count({
      where: { story: { spaceId }, status: { in: ['pending', 'writing'] } },
    });
    if (busy === 0) return;
    await sleep(500);
  }
}

async function databaseReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (!(await databaseReachable())) {
  console.log(`server speed: no PostgreSQL at ${ADMIN_URL}, not measured`);
  process.exit(0);
}

const statements = countStatements();
const dataDir = bigStoryData();
const storyblok = await startFakeStoryblok({ dataDir });
const server = await startTestServer({
  env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl, LOG_LEVEL: 'warn' },
  databaseServerUrl: ADMIN_URL,
  validateResponses: false,
});
const figures: Figure[] = [];
const checks = { countsExact: false };
const storyRead = { emptyMemory: Number.NaN };
try {
  const { spaceId, accessToken } = await connectBasicSpace(server, 'bench');
  const auth = { authorization: `Bearer ${accessToken}` };
  const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => accessToken });
  const home = await server.prisma.storyNode.findFirstOrThrow({
    where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
    select: { id: true, keyCount: true },
  });
  const locales = await server.prisma.spaceLocale.findMany({ where: { spaceId }, select: { id: true, code: true } });
  const fr = locales.find((locale) => locale.code === 'fr')!;
  const de = locales.find((locale) => locale.code === 'de')!;

  // Idle: whatever the first sync left to do is done after a few seconds; then nothing happens but timers.
  await sleep(5_000);
  statements.reset();
  await sleep(IDLE_SECONDS * 1000);
  const idle = statements.count() / IDLE_SECONDS;
  figures.push({ what: 'idle server', value: idle, unit: 'SQL/s', reference: 'limit 1', ratio: idle, ok: idle <= 1 });
  if (process.env.BENCH_VERBOSE) printKinds(statements.texts());

  const raw = await startRawReference(
    server.database.driver.target.kind === 'postgres' ? server.database.driver.target.url : '',
  );
  try {
    // Uncompressed (the work of reading and answering), then as a browser asks for it (brotli).
    for (const encoding of ['identity', 'br'] as const) {
      const headers = { 'accept-encoding': encoding };
      const ours = await timedReads(`${server.baseUrl}/api/content/story/${home.id}?locale=de`, {
        ...auth,
        ...headers,
      });
      if (encoding === 'identity') storyRead.emptyMemory = ours;
      const reference = await timedReads(`${raw.url}/story/${home.id}?locale=de`, headers);
      const ratio = ours / reference;
      figures.push({
        what: `story of ${home.keyCount} keys, GET p95 (${encoding === 'br' ? 'brotli' : 'uncompressed'})`,
        value: ours,
        unit: 'ms',
        reference: `raw pg ${reference.toFixed(1)} ms`,
        ratio,
        ok: ours < 30 && ratio <= 1.1,
      });
    }

    const keys = (
      await api.call('getStory', { params: { storyId: home.id }, query: { locale: 'fr' } })
    ).translatable_keys
      .filter((key) => key.status === 'missing')
      .map((key) => key.key);
    const saveCount = SAVE_ROUNDS * CONCURRENT;
    const { perSecond: oursPerSecond, failed } = await savesPerSecond(
      (key, value) =>
        fetch(`${server.baseUrl}/api/content/save_translation`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ key, space_locale_id: fr.id, field_type: 'text', value }),
        }),
      keys.slice(0, saveCount),
    );
    const { perSecond: rawPerSecond } = await savesPerSecond(
      (key, value) =>
        fetch(`${raw.url}/save`, {
          method: 'POST',
          body: JSON.stringify({ space_id: spaceId, key, space_locale_id: fr.id, value }),
        }),
      keys.slice(saveCount, saveCount * 2),
    );
    figures.push({
      what: `saves, ${CONCURRENT} at once${failed.length > 0 ? ` (${failed.length} failed: ${[...new Set(failed)].join(', ')})` : ''}`,
      value: oursPerSecond,
      unit: '/s',
      reference: `raw pg ${rawPerSecond.toFixed(0)}/s`,
      ratio: oursPerSecond / rawPerSecond,
      ok: oursPerSecond / rawPerSecond >= 0.9 && failed.length === 0,
    });
  } finally {
    await raw.close();
  }

  // The write-backs the saves queued run before the verification is counted, not during it.
  await writeBacksDone(server, spaceId);
  const unverified = (
    await api.call('getStory', { params: { storyId: home.id }, query: { locale: 'de' } })
  ).translatable_keys
    .filter((key) => key.status === 'unverified')
    .slice(0, VERIFIED);
  statements.reset();
  const verified = await api.call('markAsVerified', {
    body: unverified.map((key) => ({ key: key.key, space_locale_id: de.id })),
  });
  const verifyStatements = statements.count();
  if (verified.updated !== VERIFIED) throw new Error(`verified ${verified.updated} keys, not ${VERIFIED}`);
  figures.push({
    what: `verifying ${VERIFIED} keys (whole request)`,
    value: verifyStatements,
    unit: 'SQL',
    reference: 'limit 5',
    ratio: verifyStatements / 5,
    ok: verifyStatements <= 5,
  });
  if (process.env.BENCH_VERBOSE) printKinds(statements.texts());

  // The story's texts are all alike ("Teaser number N of the home page"): each key left unverified now has
  // hundreds of verified candidates in the translation memory, the most it can be asked to look through.
  const withMemory = await timedReads(`${server.baseUrl}/api/content/story/${home.id}?locale=de`, {
    ...auth,
    'accept-encoding': 'identity',
  });
  figures.push({
    what: `the same story, ${VERIFIED} alike keys verified (translation memory), GET p95`,
    value: withMemory,
    unit: 'ms',
    reference: `empty memory ${storyRead.emptyMemory.toFixed(1)} ms`,
    ratio: withMemory / storyRead.emptyMemory,
    ok: withMemory / storyRead.emptyMemory <= 1.5,
  });

  const { kept, recount } = await countsAndRecount(server.prisma, spaceId);
  checks.countsExact = JSON.stringify(kept) === JSON.stringify(recount);
} finally {
  await server.close();
  await storyblok.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('server speed on PostgreSQL');
for (const figure of figures) {
  const value = figure.value < 10 ? figure.value.toFixed(2) : figure.value.toFixed(1);
  console.log(
    `  ${figure.what.padEnd(38)} ${`${value} ${figure.unit}`.padStart(12)}   ${figure.reference.padEnd(18)} ${figure.ratio.toFixed(2).padStart(6)}x   ${figure.ok ? 'ok' : 'OVER'}`,
  );
}
console.log(`  counts equal a recount afterwards: ${checks.countsExact ? 'yes' : 'NO'}`);
process.exit(figures.every((figure) => figure.ok) && checks.countsExact ? 0 : 1);
