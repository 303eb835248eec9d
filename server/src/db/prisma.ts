import { PrismaClient } from '../generated/prisma/client.ts';
import type { Driver } from './driver.ts';

export type Database = PrismaClient;

/** The client an interactive transaction hands its callback: what runs through it commits or rolls back together. */
export type DatabaseTransaction = Parameters<Parameters<Database['$transaction']>[0]>[0];

export interface PrismaOptions {
  /** Called with every SQL statement Prisma sends (tests count the statements a use case costs). */
  onStatement?: (sql: string) => void;
}

export function createPrisma(driver: Driver, options: PrismaOptions = {}): Database {
  const { onStatement } = options;
  // 'minimal': an invalid query's message would otherwise print its arguments (hashes, e-mail bodies with
  // sign-in links), and error messages end up in logs.
  const prisma = new PrismaClient({
    adapter: driver.adapterFactory,
    ...(onStatement ? { log: [{ emit: 'event' as const, level: 'query' as const }] } : {}),
    errorFormat: 'minimal',
    // Prisma's defaults (2 s to get a connection, 5 s in all) fail sound transactions on a busy server: one
    // that waits for the embedded database's single connection behind a sync's batch, or for a story's lock
    // behind another save. Each statement is still bounded by the pool's own timeouts (driver.ts).
    transactionOptions: { maxWait: 5_000, timeout: 15_000 },
  });
  if (onStatement) (prisma as unknown as PrismaClient<'query'>).$on('query', (event) => onStatement(event.query));
  return prisma;
}
