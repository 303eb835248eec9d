import type { WriteBackState } from '#contract/write-back.ts';
import type { Database } from '../../db/prisma.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { retryWriteBack, writeBackStateOf } from '../write-back/index.ts';
import { localeByCode } from './content-scope.ts';

/** A person asks to write a story that failed again: it goes now, and the language shows it waiting. */
export async function retryStoryWriteBack(
  deps: { prisma: Database; queue: Pick<JobQueue, 'send' | 'cancelWaiting'> },
  spaceId: number,
  storyId: number,
  localeCode: string,
): Promise<{ write_back: WriteBackState | null }> {
  const locale = await localeByCode(deps.prisma, spaceId, localeCode);
  await retryWriteBack(deps, storyId);
  return { write_back: await writeBackStateOf(deps.prisma, storyId, locale.id) };
}
