import type { Database } from '../../db/prisma.ts';

/** Rows a sync adds before it refreshes the statistics, at the least; otherwise a tenth of what the tables hold. */
const LEAST_ROWS = 50_000;

/**
 * PostgreSQL plans a sync's lookups by key from its statistics of the key and translation tables. Its autovacuum
 * refreshes them once a tenth of a table changed, a minute later at the soonest, and never where it is turned off;
 * meanwhile a first sync filling the tables from nothing has lookups planned as if a list of keys were most of
 * the table, and each reads the whole table. So the sync refreshes them itself, each time it added a tenth of
 * what they held (the same rule, without the wait).
 */
export function tableStatistics(prisma: Database): { grew(rows: number): Promise<void> } {
  let added = 0;
  let due = LEAST_ROWS;
  return {
    /** Counts rows the sync added, and refreshes the statistics once they are due. */
    async grew(rows) {
      added += rows;
      if (added < due) return;
      await prisma.$executeRawUnsafe('ANALYZE translatable_keys, translations');
      const [held] = await prisma.$queryRaw<Array<{ rows: number }>>`
        SELECT coalesce(sum(greatest(reltuples, 0)), 0)::float8 AS rows FROM pg_class
        WHERE oid IN ('translatable_keys'::regclass, 'translations'::regclass)`;
      added = 0;
      due = Math.max(LEAST_ROWS, Math.round((held?.rows ?? 0) / 10));
    },
  };
}
