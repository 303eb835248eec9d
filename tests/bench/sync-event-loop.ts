// Benchmark: how long a sync holds the server's event loop. A story of 20,000 keys (half of them translated)
// is imported, then re-synced after an edit of ten fields, on the embedded PGlite and, when one answers on
// 127.0.0.1:5432 (or BENCH_DATABASE_URL), on PostgreSQL. The local Storyblok runs in a process of its own so
// that only Polyblok's work counts. Reports the longest stall of the event loop against the limit of 200 ms,
// and the time each sync took. Run: npm run bench:sync
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { openDriver, parseDatabaseUrl } from '#server/db/driver.ts';
import { createPrisma } from '#server/db/prisma.ts';
import { runSpaceSync } from '#server/features/sync/run-space-sync.ts';
import { createLogger } from '#server/logger.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { connectedSpaceRow, storyblokAccessOn } from '#tests/support/storyblok-access.ts';

const KEYS = 20_000;
const LIMIT_MS = 200;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

/** The local Storyblok in a child process, serving a copy of the basic space whose home page is the big story. */
async function startStoryblok(dataDir: string, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/fakes/storyblok/cli.ts', '--data', dataDir, '--port', String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Local Storyblok on (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the local Storyblok stopped (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
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
      const storyblok = await startStoryblok(dataDir, port);
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

async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `polyblok_bench_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'polyblok-bench-storyblok-'));
cpSync(basicFixture.dir, dataDir, { recursive: true });
let ok = true;
const postgres = await postgresDatabase();
try {
  ok = (await measure('PGlite', 'memory://', dataDir)) && ok;
  if (postgres) ok = (await measure('PostgreSQL', postgres.url, dataDir)) && ok;
  else console.log('PostgreSQL: none on 127.0.0.1:5432, not measured');
} finally {
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
