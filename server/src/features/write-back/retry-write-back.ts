import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { scheduleWriteBack, storyWriteBackJob } from './write-back.schedule.ts';

/**
 * Sends a story whose last write failed to Storyblok again now, instead of when the job's backoff would (up to
 * half an hour later), or at all once it gave up. Until that attempt ends the story shows its translations
 * waiting. Refused when nothing failed (a write waiting or done goes by itself), and while Storyblok refuses the
 * space's token: the write would only fail again the same way.
 */
export async function retryWriteBack(
  deps: { prisma: Database; queue: Pick<JobQueue, 'send' | 'cancelWaiting'> },
  storyId: number,
): Promise<void> {
  const { prisma } = deps;
  const record = await prisma.storyWriteBack.findUnique({
    where: { storyId },
    select: { failedAt: true, story: { select: { space: { select: { hasTokenIssue: true } } } } },
  });
  if (!record?.failedAt) {
    throw new AppError(
      'conflict',
      'Nothing failed to be written for this story: its translations go to Storyblok by themselves.',
    );
  }
  if (record.story.space.hasTokenIssue) {
    throw new AppError(
      'token_issue',
      'Storyblok refuses this space’s token, so the story cannot be written. An admin gives the space a new token in Settings; the story is written then.',
    );
  }
  // A retry the job had planned for later would keep this one from being queued: it goes now instead.
  await deps.queue.cancelWaiting(storyWriteBackJob, { storyId });
  await prisma.storyWriteBack.update({ where: { storyId }, data: { failedAt: null }, select: { storyId: true } });
  await prisma.storyLocaleWriteBack.updateMany({
    where: { storyId, failedAt: { not: null } },
    data: { failedAt: null },
  });
  await scheduleWriteBack(deps, [storyId], { now: true });
}
