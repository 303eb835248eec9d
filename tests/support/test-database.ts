import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDriver, type Driver } from '#server/db/driver.ts';

export interface TestDatabase {
  driver: Driver;
  /** Closes the connection and removes the database when it was a throwaway PostgreSQL one. */
  dispose(): Promise<void>;
}

/**
 * An empty database of its own for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL (or the
 * `serverUrl` given) names a PostgreSQL server, a throwaway database created on it and dropped afterwards.
 */
export async function openTestDatabase(serverUrl = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  if (!serverUrl) {
    const driver = await openDriver({ kind: 'pglite', dataDir: null });
    return { driver, dispose: () => driver.close() };
  }
  const name = `polyblok_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const driver = await openDriver({ kind: 'postgres', url: url.toString() });
  return {
    driver,
    async dispose() {
      await driver.close();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}

/**
 * A second connection to a test database, as another server process would open: a pool of its own on
 * PostgreSQL, the same connection on PGlite (an in-memory PGlite cannot be opened twice). Closing it leaves the
 * database to its first opener.
 */
export async function joinTestDatabase(first: TestDatabase): Promise<TestDatabase> {
  const { target } = first.driver;
  if (target.kind === 'pglite') return { driver: first.driver, dispose: async () => undefined };
  const driver = await openDriver(target);
  return { driver, dispose: () => driver.close() };
}

/**
 * A throwaway PostgreSQL database, for what only PostgreSQL does (what several processes share): on the server
 * TEST_DATABASE_URL names, or else on a private server started for the file (needs postgresql-15).
 */
export async function openPostgresTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE_URL) return openTestDatabase(process.env.TEST_DATABASE_URL);
  const { startPrivatePostgres } = await import('./private-postgres.ts');
  const server = await startPrivatePostgres();
  const database = await openTestDatabase(server.url).catch(async (error: unknown) => {
    await server.dispose();
    throw error;
  });
  return {
    driver: database.driver,
    async dispose() {
      await database.dispose();
      await server.dispose();
    },
  };
}
