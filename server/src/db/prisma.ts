import { PrismaClient } from '../generated/prisma/client.ts';
import type { Driver } from './driver.ts';

export type Database = PrismaClient;

export function createPrisma(driver: Driver): Database {
  return new PrismaClient({ adapter: driver.adapterFactory });
}
