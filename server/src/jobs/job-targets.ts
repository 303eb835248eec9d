import type { Database } from '../db/prisma.ts';
import type { JobTarget } from './define-job.ts';

/** Whether any row the job works on is gone: one cheap lookup by primary key for each one named. */
export async function isTargetGone(prisma: Database, target: JobTarget): Promise<boolean> {
  const checks: Array<Promise<unknown>> = [];
  if (target.spaceId !== undefined)
    checks.push(prisma.space.findUnique({ where: { id: target.spaceId }, select: { id: true } }));
  if (target.storyId !== undefined)
    checks.push(prisma.storyNode.findUnique({ where: { id: target.storyId }, select: { id: true } }));
  if (target.spaceLocaleId !== undefined)
    checks.push(prisma.spaceLocale.findUnique({ where: { id: target.spaceLocaleId }, select: { id: true } }));
  if (target.syncRunId !== undefined)
    checks.push(prisma.syncRun.findUnique({ where: { id: target.syncRunId }, select: { id: true } }));
  const rows = await Promise.all(checks);
  return rows.some((row) => row === null);
}
