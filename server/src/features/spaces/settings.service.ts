import type { SpaceSettings } from '#contract/space-settings.ts';
import type { Database } from '../../db/prisma.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { aiStanding, dailyAllowance } from '../ai/index.ts';
import { syncProblems } from '../sync/index.ts';
import { failedWriteBackStories, scheduleWriteBack } from '../write-back/index.ts';

export interface SettingsDeps {
  prisma: Database;
  /** AI words per day for a space without a plan (AI_DAILY_WORDS_WITHOUT_PLAN). */
  wordsWithoutPlan: number;
}

export async function getSpaceSettings(deps: SettingsDeps, spaceId: number): Promise<SpaceSettings> {
  const { prisma } = deps;
  const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { writeBackMode: true } });
  const scope = { story: { spaceId } };
  const [pending, failed, lastFailure, lastWrite, failedStories, aiWords, dailyWords, problems] = await Promise.all([
    // A write whose last attempt failed counts as failed, while the job still retries it too.
    prisma.storyWriteBack.count({ where: { ...scope, status: { in: ['pending', 'writing'] }, failedAt: null } }),
    prisma.storyWriteBack.count({ where: { ...scope, failedAt: { not: null } } }),
    prisma.storyWriteBack.findFirst({
      where: { ...scope, lastError: { not: null } },
      orderBy: { updatedAt: 'desc' },
      select: { lastError: true },
    }),
    prisma.storyWriteBack.findFirst({
      where: { ...scope, lastWrittenAt: { not: null } },
      orderBy: { lastWrittenAt: 'desc' },
      select: { lastWrittenAt: true },
    }),
    failedWriteBackStories(prisma, spaceId),
    aiStanding(prisma, spaceId),
    dailyAllowance(prisma, spaceId, deps.wordsWithoutPlan),
    syncProblems(prisma, spaceId),
  ]);
  return {
    write_back_mode: space.writeBackMode,
    write_back: {
      pending,
      failed,
      last_error: lastFailure?.lastError ?? null,
      last_written_at: lastWrite?.lastWrittenAt?.toISOString() ?? null,
      failed_stories: failedStories,
    },
    sync_problems: problems,
    ai_usage: { words_today: aiWords.used, words_reserved: aiWords.reserved, daily_words: dailyWords },
  };
}

/**
 * Changes which translations go into Storyblok. Switching to "all" sends what verified-only held back, so
 * every story with translations is queued; the writer sends nothing where Storyblok is already up to date.
 */
export async function updateSpaceSettings(
  deps: SettingsDeps & { queue: Pick<JobQueue, 'send'> },
  spaceId: number,
  userId: string,
  mode: SpaceSettings['write_back_mode'],
): Promise<SpaceSettings> {
  const before = await deps.prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { writeBackMode: true } });
  if (before.writeBackMode !== mode) {
    await deps.prisma.space.update({ where: { id: spaceId }, data: { writeBackMode: mode }, select: { id: true } });
    await deps.prisma.auditEvent.create({
      data: {
        spaceId,
        actorId: userId,
        action: 'settings.write_back_mode',
        data: { from: before.writeBackMode, to: mode },
      },
      select: { id: true },
    });
    if (mode === 'all') {
      const stories = await deps.prisma.storyNode.findMany({
        where: { spaceId, keys: { some: { translations: { some: {} } } } },
        select: { id: true },
      });
      await scheduleWriteBack(
        deps,
        stories.map((story) => story.id),
      );
    }
  }
  return getSpaceSettings(deps, spaceId);
}
