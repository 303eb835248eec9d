import pg from 'pg';
import type { Driver } from '#server/db/driver.ts';

/**
 * The key of the session advisory lock every Polyblok process takes before it migrates a PostgreSQL database
 * ("polyblo" in ASCII). Any fixed number would do, as long as every process uses the same one.
 */
export const MIGRATION_LOCK_KEY = 0x706f6c79626c6fn;

/**
 * Runs `work` while holding the migration lock, so replicas that start together migrate one after the other:
 * the first applies what is pending, the next ones find nothing left to do. The schema engine takes a lock of
 * its own, but gives up after 10 seconds, which a long migration outlasts; this one waits as long as it takes.
 * PGlite needs none: its folder belongs to one process (db/driver.ts).
 */
export async function withMigrationLock<T>(
  driver: Driver,
  work: () => Promise<T>,
  options: { onWait?: () => void } = {},
): Promise<T> {
  if (!driver.pool) return work();
  // A connection of its own without the pool's statement timeouts: waiting for the lock may take minutes.
  // Closing it releases the lock even when unlocking fails.
  const client = new pg.Client({ ...driver.pool.options, statement_timeout: undefined, query_timeout: undefined });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const key = MIGRATION_LOCK_KEY.toString();
    const tried = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key]);
    if (!tried.rows[0]?.locked) {
      options.onWait?.();
      await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
    }
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
