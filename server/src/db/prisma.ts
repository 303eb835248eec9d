import { PrismaClient } from '../generated/prisma/client.ts';
import type { Driver } from './driver.ts';

export type Database = PrismaClient;

/** The client an interactive transaction hands its callback: what runs through it commits or rolls back together. */
export type DatabaseTransaction = Parameters<Parameters<Database['$transaction']>[0]>[0];

export function createPrisma(driver: Driver): Database {
  // 'minimal': an invalid query's message would otherwise print its arguments (hashes, e-mail bodies with
  // sign-in links), and error messages end up in logs.
  return new PrismaClient({ adapter: driver.adapterFactory, errorFormat: 'minimal' });
}
