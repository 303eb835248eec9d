import type { Database } from '#server/db/prisma.ts';

/** A digest of each table's rows, by table name: equal snapshots mean no row was added, changed or removed. */
export type DatabaseSnapshot = Record<string, string>;

/**
 * Every table of the product's schema, and the jobs of the queue (a request that queued work changed what
 * will happen, even before a worker ran it). Tables named in `except` are left out; the caller says why.
 */
export async function snapshotDatabase(prisma: Database, except: readonly string[] = []): Promise<DatabaseSnapshot> {
  const tables = await prisma.$queryRawUnsafe<Array<{ name: string }>>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const snapshot: DatabaseSnapshot = {};
  for (const { name } of tables) {
    if (except.includes(name)) continue;
    const [row] = await prisma.$queryRawUnsafe<Array<{ rows: bigint; digest: string | null }>>(
      `SELECT count(*) AS rows, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS digest FROM "${name}" t`,
    );
    snapshot[name] = `${row!.rows} rows, ${row!.digest ?? 'empty'}`;
  }
  // A job's state moves on as a worker runs it; which jobs exist, and with what payload, must not.
  const [jobs] = await prisma.$queryRawUnsafe<Array<{ rows: bigint; digest: string | null }>>(
    `SELECT count(*) AS rows, md5(string_agg(id::text || ' ' || name || ' ' || coalesce(data::text, ''), E'\\n'
       ORDER BY id)) AS digest FROM pgboss.job`,
  );
  snapshot['pgboss.job'] = `${jobs!.rows} rows, ${jobs!.digest ?? 'empty'}`;
  return snapshot;
}

/** Waits until the queue has no job waiting or running, so that a snapshot is not taken in the middle of one. */
export async function waitForIdleQueue(prisma: Database, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await prisma.$queryRawUnsafe<Array<{ busy: bigint }>>(
      `SELECT count(*) AS busy FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`,
    );
    if (Number(row!.busy) === 0) return;
    if (Date.now() > deadline) throw new Error(`the job queue is still busy (${row!.busy} jobs)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
