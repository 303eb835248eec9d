import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#prisma/tool/migrations.ts';

const SCHEMA = `datasource db {
  provider = "postgresql"
}

model Note {
  id   Int    @id @default(autoincrement())
  text String
}
`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let work: string;
let schemaPath: string;
let migrationsDir: string;

/** Runs a CLI as `npm run` would, from the project root, with only the variables a test names. */
function runCli(script: 'migrate-cli.ts' | 'migration-cli.ts', args: string[], env: Record<string, string> = {}) {
  return new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join('prisma', 'tool', script), ...args],
      {
        cwd: PROJECT_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? work,
          POLYBLOK_SCHEMA_PATH: schemaPath,
          POLYBLOK_MIGRATIONS_DIR: migrationsDir,
          ...env,
        },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function migrationFolders(): string[] {
  if (!existsSync(migrationsDir)) return [];
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'polyblok-migration-cli-'));
  schemaPath = path.join(work, 'schema.prisma');
  migrationsDir = path.join(work, 'migrations');
  writeFileSync(schemaPath, SCHEMA);
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('npm run db:migration', () => {
  it('prints usage and exits 1 without a name, or with an invalid one', async () => {
    const missing = await runCli('migration-cli.ts', []);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Usage: npm run db:migration -- <name>');

    const invalid = await runCli('migration-cli.ts', ['add notes!']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('Invalid migration name "add notes!"');
    expect(invalid.stderr).toContain('Usage: npm run db:migration -- <name>');
    expect(migrationFolders()).toEqual([]);
  });

  it('writes a new folder and prints its path, then writes nothing while the schema is unchanged', async () => {
    const first = await runCli('migration-cli.ts', ['AddNotes']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const [folder, ...others] = migrationFolders();
    expect(others).toEqual([]);
    expect(folder).toMatch(/^\d{14}_add_notes$/);
    expect(first.stdout.trim()).toBe(`Wrote ${path.join(migrationsDir, folder!, 'migration.sql')}`);
    expect(existsSync(path.join(migrationsDir, folder!, 'migration.sql'))).toBe(true);
    expect(existsSync(path.join(migrationsDir, 'migration_lock.toml'))).toBe(true);

    const second = await runCli('migration-cli.ts', ['again']);
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toBe('No schema changes: no migration written');
    expect(migrationFolders()).toEqual([folder]);
  });
});

describe('npm run db:migrate', () => {
  it('names DATABASE_URL when its value is unusable', async () => {
    const run = await runCli('migrate-cli.ts', [], { DATABASE_URL: 'nonsense' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^DATABASE_URL: /);
  });

  it('applies pending migrations, then says the database is up to date', async () => {
    const [folder] = migrationFolders();
    const env = { DATABASE_URL: `file:${path.join(work, 'pglite')}` };

    const first = await runCli('migrate-cli.ts', [], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`Applied 1 migration(s):\n  ${folder}\n`);

    const second = await runCli('migrate-cli.ts', [], env);
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toBe('Database is up to date');
  });

  it('exits 1 naming a failed migration, and runs it again once fixed and marked rolled back', async () => {
    const env = { DATABASE_URL: `file:${path.join(work, 'pglite')}` };
    const broken = '29990101000000_broken';
    mkdirSync(path.join(migrationsDir, broken));
    writeFileSync(path.join(migrationsDir, broken, 'migration.sql'), 'ALTER TABLE "Note" ADD COLUMN "x" NOPE;\n');

    const failed = await runCli('migrate-cli.ts', [], env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`Migration ${broken} failed: `);
    expect(failed.stderr).toContain('type "nope" does not exist');

    writeFileSync(path.join(migrationsDir, broken, 'migration.sql'), 'ALTER TABLE "Note" ADD COLUMN "x" TEXT;\n');
    const resolved = await runCli('migrate-cli.ts', ['--rolled-back', broken], env);
    expect(resolved.code).toBe(0);
    const fixed = await runCli('migrate-cli.ts', [], env);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toBe(`Applied 1 migration(s):\n  ${broken}\n`);
  });
});
