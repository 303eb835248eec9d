import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/prisma.ts';
import { CUT_OFF } from './given-up.ts';

/**
 * On the embedded database one process holds the data (its folder is locked while it is open), so a job still
 * marked running when the queue starts was cut off when the last process ended: a crash, a kill, a power cut.
 * It is failed at once, which retries it after its retry delay (or hands it to its given-up queue when it has no
 * retry left), instead of after its heartbeat or expiry lapses. On PostgreSQL other processes may be running
 * their jobs: there the heartbeat tells.
 */
export async function failOrphanedRuns(boss: PgBoss, prisma: Database): Promise<number> {
  const rows = await prisma.$queryRaw<Array<{ id: string; name: string }>>`
    SELECT id::text AS id, name FROM pgboss.job WHERE state = 'active'`;
  const byQueue = new Map<string, string[]>();
  for (const row of rows) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
  for (const [name, ids] of byQueue) await boss.fail(name, ids, { ...CUT_OFF });
  return rows.length;
}
