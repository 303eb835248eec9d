import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#prisma/tool/migrations.ts';
import { startPrivatePostgres, type PrivatePostgres } from '#tests/support/private-postgres.ts';
import { openTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

// The first migration outlasts the 10 seconds the schema engine waits for its own lock, so a second process
// that only had the engine's lock would fail instead of waiting its turn.
const SLOW_SECONDS = 12;

let work: string;
let migrationsDir: string;
let privatePostgres: PrivatePostgres | undefined;
let database: TestDatabase;

function writeMigrationFolder(name: string, sql: string): void {
  mkdirSync(path.join(migrationsDir, name), { recursive: true });
  writeFileSync(path.join(migrationsDir, name, 'migration.sql'), sql);
}

/** `npm run db:migrate` as a process of its own, as each replica's start would run it. */
function migrate(databaseUrl: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join('prisma', 'tool', 'migrate-cli.ts')],
      {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, POLYBLOK_MIGRATIONS_DIR: migrationsDir },
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, output: stdout + stderr });
      },
    );
  });
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'polyblok-migration-lock-'));
  migrationsDir = path.join(work, 'migrations');
  writeMigrationFolder(
    '20240101000000_slow_init',
    `CREATE TABLE "Note" ("id" SERIAL PRIMARY KEY, "text" TEXT NOT NULL);\nSELECT pg_sleep(${SLOW_SECONDS});\n`,
  );
  writeMigrationFolder('20240102000000_add_tag', 'ALTER TABLE "Note" ADD COLUMN "tag" TEXT;\n');
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    privatePostgres = await startPrivatePostgres();
    serverUrl = privatePostgres.url;
  }
  database = await openTestDatabase(serverUrl);
}, 60_000);

afterAll(async () => {
  await database?.dispose();
  await privatePostgres?.dispose();
  rmSync(work, { recursive: true, force: true });
});

describe('two processes migrating one fresh PostgreSQL database at once', () => {
  it('take turns: one applies every migration once, the other waits and finds nothing to do', async () => {
    const target = database.driver.target;
    if (target.kind !== 'postgres') throw new Error('this test needs PostgreSQL');

    const runs = await Promise.all([migrate(target.url), migrate(target.url)]);

    for (const run of runs) expect(run.code, run.output).toBe(0);
    const [applier, waiter] = runs[0]!.output.includes('Applied') ? runs : [runs[1]!, runs[0]!];
    expect(applier!.output).toContain('Applied 2 migration(s)');
    expect(waiter!.output).toContain('Waiting for another process to finish migrating');
    expect(waiter!.output).toContain('Database is up to date');

    const recorded = await database.driver.pool!.query<{ migration_name: string; finished: boolean }>(
      'SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(recorded.rows).toEqual([
      { migration_name: '20240101000000_slow_init', finished: true },
      { migration_name: '20240102000000_add_tag', finished: true },
    ]);
    const columns = await database.driver.pool!.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'Note' ORDER BY column_name`,
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual(['id', 'tag', 'text']);
  }, 90_000);
});
