import type { Database } from '../../db/prisma.ts';
import { breathe } from './batches.ts';

/**
 * Rows a sync adds before it refreshes the statistics, at the least; otherwise a tenth of what the tables hold.
 * Small, because a space's first story of a thousand keys is already read with a nested loop over the
 * language's translations when planned without statistics; a refresh of tables that small takes milliseconds.
 */
const LEAST_ROWS = 1_000;

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
      // The columns lookups go by, from a small sample (3,000 rows a table rather than 30,000): enough to plan
      // them, and short, since on the embedded PGlite the refresh runs on the server's own thread.
      await breathe();
      await prisma.$transaction([
        prisma.$executeRawUnsafe('SET LOCAL default_statistics_target = 10'),
        prisma.$executeRawUnsafe(
          'ANALYZE translatable_keys (id, space_id, story_id, key, hash), translations (translatable_key_id, space_locale_id)',
        ),
      ]);
      await breathe();
      const [held] = await prisma.$queryRaw<Array<{ rows: number }>>`
        SELECT coalesce(sum(greatest(reltuples, 0)), 0)::float8 AS rows FROM pg_class
        WHERE oid IN ('translatable_keys'::regclass, 'translations'::regclass)`;
      added = 0;
      due = Math.max(LEAST_ROWS, Math.round((held?.rows ?? 0) / 10));
    },
  };
}
