import path from 'node:path';
import { expect } from 'vitest';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { generateJwtSecret } from '#server/boot/secrets.ts';
import { generateKeyEntry } from '#server/crypto/secret-box.ts';
import { openDriver, type Driver } from '#server/db/driver.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { createPasswordHasher } from '#server/features/auth/passwords.ts';
import type { ServerProcess } from './server-process.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * The data of servers a test kills and starts again: a PGlite folder, or a throwaway PostgreSQL database when
 * the tests use one (TEST_DATABASE_URL). `open` gives the test its own look at the rows between two servers.
 */
export interface CrashDatabase {
  url: string;
  open(): Promise<{ driver: Driver; prisma: Database; close(): Promise<void> }>;
  dispose(): Promise<void>;
}

export async function crashDatabase(folder: string): Promise<CrashDatabase> {
  if (process.env.TEST_DATABASE_URL) {
    const database: TestDatabase = await openTestDatabase();
    const prisma = createPrisma(database.driver);
    return {
      url: (database.driver.target as { url: string }).url,
      open: async () => ({ driver: database.driver, prisma, close: async () => undefined }),
      dispose: async () => {
        await prisma.$disconnect();
        await database.dispose();
      },
    };
  }
  const dataDir = path.join(folder, 'pglite');
  return {
    url: `file:${dataDir}`,
    async open() {
      const driver = await openDriver({ kind: 'pglite', dataDir });
      const prisma = createPrisma(driver);
      return {
        driver,
        prisma,
        close: async () => {
          await prisma.$disconnect();
          await driver.close();
        },
      };
    },
    dispose: async () => undefined,
  };
}

export const CRASH_OWNER = { email: 'crash-owner@example.com', password: 'correct horse battery staple' };

/** Migrates the database and makes the account the test signs in with; answers the servers' environment. */
export async function prepareCrashServers(
  database: CrashDatabase,
  folder: string,
  env: Record<string, string>,
): Promise<Record<string, string>> {
  const prepared = await database.open();
  try {
    await applyPendingMigrations(prepared.driver);
    await prepared.prisma.user.create({
      data: {
        email: CRASH_OWNER.email,
        passwordHash: await createPasswordHasher().hash(CRASH_OWNER.password),
        emailConfirmedAt: new Date(),
      },
    });
  } finally {
    await prepared.close();
  }
  return {
    DATABASE_URL: database.url,
    JWT_SECRET: generateJwtSecret(),
    ENCRYPTION_KEYS: generateKeyEntry('v1'),
    MAIL_DIR: path.join(folder, 'mail'),
    SHUTDOWN_TIMEOUT_SECONDS: '10',
    // Access tokens name the site as their issuer: one address for every start, whatever port it gets.
    SITE_URL: 'http://localhost:3000',
    ...env,
  };
}

/** Signs the test's account in on a server; the token holds on every later server of the same secrets. */
export async function signInCrashOwner(running: ServerProcess): Promise<string> {
  const response = await fetch(`${running.baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify(CRASH_OWNER),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}
