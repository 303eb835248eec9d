import { z } from 'zod';
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
  const delay = now ? 0 : WRITE_BACK_DELAY_SECONDS;
  const dueAt = new Date(Date.now() + delay * 1000);
  for (const storyId of new Set(storyIds)) {
    await deps.prisma.storyWriteBack.upsert({
      where: { storyId },
      create: { storyId, status: 'pending', dueAt },
      update: { status: 'pending', dueAt },
      select: { storyId: true },
    });
    await deps.queue.send(
      storyWriteBackJob,
      { storyId },
      { singletonKey: `story-${storyId}`, startAfterSeconds: delay },
    );
  }
}
