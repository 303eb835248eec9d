import { PrismaClient } from '../generated/prisma/client.ts';
import type { Driver } from './driver.ts';

export type Database = PrismaClient;

/** The client an interactive transaction hands its callback: what runs through it commits or rolls back together. */
export type DatabaseTransaction = Parameters<Parameters<Database['$transaction']>[0]>[0];

export function createPrisma(driver: Driver): Database {
  // 'minimal': an invalid query's message would otherwise print its arguments (hashes, e-mail bodies with
  // sign-in links), and error messages end up in logs.
  return new PrismaClient({
    adapter: driver.adapterFactory,
    errorFormat: 'minimal',
    // Prisma's defaults (2 s to get a connection, 5 s in all) fail sound transactions on a busy server: one
    // that waits for the embedded database's single connection behind a sync's batch, or for a story's lock
    // behind another save. Each statement is still bounded by the pool's own timeouts (driver.ts).
    transactionOptions: { maxWait: 5_000, timeout: 15_000 },
  });
}
