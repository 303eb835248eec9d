// Benchmark: how long a sync holds the server's event loop. A story of 20,000 keys (half of them translated)
// is imported, then re-synced after an edit of ten fields, on the embedded PGlite and, when one answers on
// 127.0.0.1:5432 (or BENCH_DATABASE_URL), on PostgreSQL. The local Storyblok runs in a process of its own so
// that only Polyblok's work counts. Reports the longest stall of the event loop against the limit of 100 ms,
// and the time each sync took. Run: npm run bench:sync
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { openDriver, parseDatabaseUrl } from '#server/db/driver.ts';
import { createPrisma } from '#server/db/prisma.ts';
import { runSpaceSync } from '#server/features/sync/run-space-sync.ts';
import { createLogger } from '#server/logger.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { connectedSpaceRow, storyblokAccessOn } from '#tests/support/storyblok-access.ts';
import { benchDatabase } from './server/bench-database.ts';
import { startStoryblokProcess } from './server/storyblok-process.ts';

const KEYS = 20_000;
const LIMIT_MS = 100;

function homeStory(edited: (index: number) => boolean) {
  return {
    story: {
      id: basicFixture.stories.home,
      uuid: '00000000-0000-4000-a000-000000000010',
      name: 'Home',
      slug: 'home',
      full_slug: 'home',
      parent_id: 0,
      is_folder: false,
      published: true,
      updated_at: new Date().toISOString(),
      content_type: 'page',
      content: {
        _uid: 'home',
        component: 'page',
        title: 'Welcome',
        body: Array.from({ length: KEYS }, (_, index) => ({
          _uid: `big-${index}`,
          component: 'teaser',
          headline: edited(index) ? `Teaser ${index}, edited` : `Teaser number ${index} of the home page`,
          ...(index % 2 === 0 ? { headline__i18n__de: `Anreißer ${index}` } : {}),
        })),
      },
    },
  };
}

async function measure(label: string, databaseUrl: string, dataDir: string): Promise<boolean> {
  const driver = await openDriver(parseDatabaseUrl(databaseUrl));
  await applyPendingMigrations(driver);
  const prisma = createPrisma(driver);
  const database = { driver, dispose: async () => undefined };
  const storyFile = path.join(dataDir, 'spaces', String(basicFixture.spaceId), 'stories', '10-home.json');
  let spaceId: number | null = null;
  let access: ReturnType<typeof storyblokAccessOn> | null = null;
  let port = 0;
  let ok = true;
  try {
    for (const pass of ['import', 'resync'] as const) {
      writeFileSync(storyFile, JSON.stringify(homeStory((index) => pass === 'resync' && index % 2000 === 1)));
      // The local Storyblok reads its data when it starts: one per pass serves that pass's story.
      // Each pass's Storyblok listens where the first one did, so the space's client reaches it.
      const storyblok = await startStoryblokProcess(dataDir, { port });
      port = Number(new URL(storyblok.url).port);
      try {
        access ??= storyblokAccessOn(database, prisma, `${storyblok.url}/v1`);
        spaceId ??= await connectedSpaceRow(prisma, access, {
          name: 'bench',
          storyblokSpaceId: basicFixture.spaceId,
          token: basicFixture.pat,
        });
        const run = await prisma.syncRun.create({ data: { spaceId, trigger: 'manual' }, select: { id: true } });
        const delay = monitorEventLoopDelay({ resolution: 10 });
        delay.enable();
        const started = performance.now();
        await runSpaceSync({ prisma, storyblok: access, logger: createLogger({ level: 'silent' }) }, run.id);
        const seconds = (performance.now() - started) / 1000;
        delay.disable();
        const { status } = await prisma.syncRun.findUniqueOrThrow({ where: { id: run.id }, select: { status: true } });
        const stallMs = delay.max / 1e6;
        const within = status === 'completed' && stallMs <= LIMIT_MS;
        ok &&= within;
        console.log(
          `${label.padEnd(10)} ${pass.padEnd(7)} ${status.padEnd(9)} ${seconds.toFixed(1).padStart(6)} s   longest stall ${stallMs.toFixed(0).padStart(5)} ms = ${(stallMs / LIMIT_MS).toFixed(2)}x the ${LIMIT_MS} ms limit${within ? '' : '   OVER'}`,
        );
      } finally {
        await storyblok.stop();
      }
    }
  } finally {
    await prisma.$disconnect();
    await driver.close();
  }
  return ok;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'polyblok-bench-storyblok-'));
const liteDir = mkdtempSync(path.join(tmpdir(), 'polyblok-bench-pglite-'));
cpSync(basicFixture.dir, dataDir, { recursive: true });
let ok = true;
const postgres = await benchDatabase('sync');
try {
  // On disk, as `npm start` keeps it: in memory, PGlite's files grow by copying, which no installation does.
  ok = (await measure('PGlite', `file:${liteDir}`, dataDir)) && ok;
  if (postgres) ok = (await measure('PostgreSQL', postgres.url, dataDir)) && ok;
  else console.log('PostgreSQL: none on 127.0.0.1:5432, not measured');
} finally {
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(liteDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
