import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Database } from '../../db/prisma.ts';
import type { JobRef } from '../../jobs/define-job.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';

export const storyWriteBackJob = {
  name: 'story.write-back',
  payload: z.object({ storyId: z.number().int().positive() }),
} satisfies JobRef;

/** Edits to one story within this many seconds go to Storyblok as one write. */
export const WRITE_BACK_DELAY_SECONDS = 5;

/**
 * Queues the stories' translations for Storyblok; called after any change to their translations, a few seconds
 * later so that edits made together go as one write, or at once (`now`) when a person asks to try again.
 */
export async function scheduleWriteBack(
  deps: { prisma: Database; queue: Pick<JobQueue, 'send'> },
  storyIds: number[],
  { now = false }: { now?: boolean } = {},
): Promise<void> {
  const ids = [...new Set(storyIds)];
  if (ids.length === 0) return;
  await deps.prisma.$executeRaw`
    WITH ${pendingWriteBackSql(ids, { now })} SELECT 1`;
  await queueWriteBack(deps, ids, { now });
}

/**
 * The statement part (a WITH item) that marks the stories' write-back pending and due, for a change that
 * records it in its own statement, as a save does while it holds the story's lock: the stories by id, or as a
 * query of the statement answering their ids. Follow it with `queueWriteBack` once the change is committed.
 */
export function pendingWriteBackSql(
  stories: number[] | Prisma.Sql,
  { now = false }: { now?: boolean } = {},
): Prisma.Sql {
  const dueAt = new Date(Date.now() + (now ? 0 : WRITE_BACK_DELAY_SECONDS) * 1000);
  const ids = Array.isArray(stories) ? Prisma.sql`SELECT unnest(${stories}::int[])` : stories;
  return Prisma.sql`write_back_pending AS (
      INSERT INTO story_write_backs (story_id, status, due_at, updated_at)
      SELECT DISTINCT id, 'pending'::"WriteBackStatus", ${dueAt}::timestamptz, now() FROM (${ids}) AS s(id)
      ON CONFLICT (story_id) DO UPDATE SET status = 'pending', due_at = EXCLUDED.due_at, updated_at = now()
    )`;
}

/** Queues the write-back job of stories already marked pending (one job per story however often it is queued). */
export async function queueWriteBack(
  deps: { queue: Pick<JobQueue, 'send'> },
  storyIds: number[],
  { now = false }: { now?: boolean } = {},
): Promise<void> {
  const delay = now ? 0 : WRITE_BACK_DELAY_SECONDS;
  for (const storyId of new Set(storyIds)) {
    await deps.queue.send(
      storyWriteBackJob,
      { storyId },
      { singletonKey: `story-${storyId}`, startAfterSeconds: delay },
    );
  }
}
