import { recordAuditEvent } from '../../db/audit-events.ts';
import type { SyncStatus } from '#contract/space-connect.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { TOKEN_ISSUE_MESSAGE } from '../../storyblok-access/index.ts';
import { spaceSyncJob } from './space-sync.job.ts';
import { storySyncJob } from './story-sync.job.ts';

type Trigger = 'initial' | 'manual' | 'scheduled' | 'webhook' | 'poll' | 'story';

/** Where the space's sync stands: the running run, or the last one. */
export async function getSyncStatus(prisma: Database, spaceId: number): Promise<SyncStatus> {
  const space = await prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { syncBatchId: true, syncedAt: true, hasTokenIssue: true },
  });
  const run = await prisma.syncRun.findFirst({
    where: space.syncBatchId ? { id: space.syncBatchId } : { spaceId, storyblokStoryId: null },
    orderBy: { createdAt: 'desc' },
    select: { status: true, done: true, total: true, error: true },
  });
  return {
    sync_batch_id: space.syncBatchId,
    status: run?.status ?? null,
    done: run?.done ?? 0,
    total: run?.total ?? 0,
    synced_at: space.syncedAt?.toISOString() ?? null,
    has_token_issue: space.hasTokenIssue,
    error: run?.status === 'failed' ? (run.error ?? null) : null,
  };
}

/**
 * Starts a full sync unless one is running (then answers that one): the space's sync_batch_id is claimed
 * with one conditional update, so two clicks at once start one sync. A run left behind by a crash that was
 * marked finished does not block the next one.
 */
export async function startSync(
  deps: { prisma: Database; queue: Pick<JobQueue, 'send'> },
  spaceId: number,
  trigger: Trigger,
  actorId: string | null = null,
): Promise<SyncStatus> {
  const { prisma } = deps;
  const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { hasTokenIssue: true } });
  if (space.hasTokenIssue) throw new AppError('token_issue', TOKEN_ISSUE_MESSAGE);
  const run = await prisma.syncRun.create({ data: { spaceId, trigger }, select: { id: true } });
  const claimed = await prisma.$transaction(async (tx) => {
    const count = await tx.$executeRaw`
      UPDATE spaces SET sync_batch_id = ${run.id}::uuid
      WHERE id = ${spaceId}
        AND (sync_batch_id IS NULL
             OR sync_batch_id IN (SELECT id FROM sync_runs WHERE status IN ('completed', 'failed', 'cancelled')))`;
    if (count > 0) {
      await recordAuditEvent(tx, {
        spaceId,
        actorId,
        action: 'sync.started',
        targetType: 'sync_run',
        targetId: run.id,
        data: { trigger },
      });
    }
    return count;
  });
  if (claimed === 0) {
    await prisma.syncRun.delete({ where: { id: run.id } });
    return getSyncStatus(prisma, spaceId);
  }
  await deps.queue.send(spaceSyncJob, { syncRunId: run.id });
  return getSyncStatus(prisma, spaceId);
}

/** Queues one story's sync (a webhook, the poll); several asks for a story while one waits make one sync. */
export async function queueStorySync(
  queue: Pick<JobQueue, 'send'>,
  spaceId: number,
  storyblokStoryId: number,
): Promise<void> {
  await queue.send(storySyncJob, { spaceId, storyblokStoryId }, { singletonKey: `${spaceId}:${storyblokStoryId}` });
}
