import type { Database } from '../db/prisma.ts';

/**
 * Whether the job is among the first `share` of its group's running jobs (by when they started). pg-boss counts
 * a group's running jobs when it fetches, but workers woken together fetch at once and none counts the others'
 * claims, so on PostgreSQL a group can get more than its share. A job past the share gives way (the queue sends
 * it again a moment later) before it does any work, which keeps the share exact and the worker free for
 * another group.
 */
export async function hasGroupTurn(
  prisma: Database,
  job: { id: string; name: string; groupId: string | null | undefined },
  share: number,
): Promise<boolean> {
  if (!job.groupId) return true;
  const ahead = async () => {
    const [row] = await prisma.$queryRaw<Array<{ ahead: bigint }>>`
      SELECT count(*) AS ahead FROM pgboss.job other, pgboss.job me
      WHERE me.id = ${job.id}::uuid AND me.name = ${job.name}
        AND other.name = ${job.name} AND other.group_id = ${job.groupId} AND other.state = 'active'
        AND (other.started_on, other.id) < (me.started_on, me.id)`;
    return Number(row?.ahead ?? 0);
  };
  if ((await ahead()) >= share) return false;
  // A fetch that started before this one may commit its claim a moment later: look again once it has.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return (await ahead()) < share;
}

/** Longer than a fetch takes to commit: the claims of fetches made together are all visible by then. */
const SETTLE_MS = 250;
