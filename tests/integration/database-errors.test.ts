import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { isDatabaseUnavailable } from '#server/db/database-unavailable.ts';
import { openDriver } from '#server/db/driver.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { openTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

/*
 * Which real errors mean the database is lost (503 database_unavailable) and which are a query's own: on the
 * test database (the embedded PGlite unless TEST_DATABASE_URL names a PostgreSQL server), and on a port where
 * no server listens.
 */

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

/** A loopback port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a query the database refuses', () => {
  let database: TestDatabase;
  let prisma: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    await applyPendingMigrations(database.driver);
    prisma = createPrisma(database.driver);
    await prisma.$executeRawUnsafe('CREATE TABLE outage_probe (id int PRIMARY KEY)');
    await prisma.$executeRawUnsafe('INSERT INTO outage_probe VALUES (1)');
    await prisma.user.create({ data: { email: 'taken@example.com' } });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.dispose();
  });

  it('is not taken for a lost database', async () => {
    const errors = await Promise.all([
      caught(prisma.$queryRaw`SELECT 1 / 0`),
      caught(prisma.$queryRawUnsafe('SELEC 1')),
      caught(prisma.$executeRawUnsafe('INSERT INTO outage_probe VALUES (1)')),
      caught(prisma.user.findUniqueOrThrow({ where: { id: '00000000-0000-4000-8000-000000000000' } })),
      caught(prisma.user.create({ data: { email: 'taken@example.com' } })),
      caught(
        prisma.$transaction(async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          await tx.$queryRawUnsafe('SELECT * FROM no_such_table');
        }),
      ),
    ]);
    expect(errors.map((error) => isDatabaseUnavailable(error))).toEqual(errors.map(() => false));
    // Still there: the errors were the queries' own.
    expect(await prisma.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
  });
});

describe('a PostgreSQL server that is not there', () => {
  it('is taken for a lost database, through Prisma and through the pool', async () => {
    const driver = await openDriver({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${await closedPort()}/x` });
    const prisma = createPrisma(driver);
    try {
      const errors = await Promise.all([
        caught(prisma.user.count()),
        caught(prisma.$queryRaw`SELECT 1`),
        caught(prisma.$transaction(async (tx) => tx.user.count())),
        caught(driver.pool!.query('SELECT 1')),
      ]);
      expect(errors.map((error) => isDatabaseUnavailable(error))).toEqual([true, true, true, true]);
    } finally {
      await prisma.$disconnect();
      await driver.close();
    }
  });
});

describe('another service that cannot be reached', () => {
  it('is not taken for a lost database, though its cause is also a refused connection', async () => {
    const error = await caught(fetch(`http://127.0.0.1:${await closedPort()}/v1/spaces`));
    expect((error as Error & { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
