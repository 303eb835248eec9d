import { recordAuditEvent } from '../../db/audit-events.ts';
import type { SpaceSettings } from '#contract/space-settings.ts';
import type { Database } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { aiStanding, dailyAllowance } from '../ai/index.ts';
import { syncProblems } from '../sync/index.ts';
import { failedWriteBackStories, scheduleWriteBack } from '../write-back/index.ts';

export interface SettingsDeps {
  prisma: Database;
  /** AI words per day for a space without a plan (AI_DAILY_WORDS_WITHOUT_PLAN). */
  wordsWithoutPlan: number;
  /** AI words per day on the Entry Plan (AI_DAILY_WORDS_ENTRY_PLAN). */
  wordsOnEntryPlan?: number | undefined;
  /** Whether Stripe is set up; without it the operator manages plans. */
  billingEnabled?: boolean | undefined;
}

export async function getSpaceSettings(deps: SettingsDeps, spaceId: number): Promise<SpaceSettings> {
  const { prisma } = deps;
  const space = await prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { writeBackMode: true, publishRequires: true, storyblokRequestsPerSecond: true, autoVerifyMinScore: true },
  });
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
    dailyAllowance(prisma, spaceId, deps),
    syncProblems(prisma, spaceId),
  ]);
  return {
    write_back_mode: space.writeBackMode,
    publish_requires: space.publishRequires,
    storyblok_requests_per_second: space.storyblokRequestsPerSecond,
    auto_verify_min_score: space.autoVerifyMinScore,
    write_back: {
      pending,
      failed,
      last_error: lastFailure?.lastError ?? null,
      last_written_at: lastWrite?.lastWrittenAt?.toISOString() ?? null,
      failed_stories: failedStories,
    },
    sync_problems: problems,
    ai_usage: { words_today: aiWords.used, words_reserved: aiWords.reserved, daily_words: dailyWords },
    billing_enabled: deps.billingEnabled ?? false,
  };
}

export interface SettingsChange {
  write_back_mode?: SpaceSettings['write_back_mode'] | undefined;
  publish_requires?: SpaceSettings['publish_requires'] | undefined;
  storyblok_requests_per_second?: number | null | undefined;
  auto_verify_min_score?: number | null | undefined;
}

/**
 * Changes what the body names, each change recorded in the audit log. Switching to "all" sends what
 * verified-only held back, so every story with translations is queued; the writer sends nothing where
 * Storyblok is already up to date. A lower request rate applies from the space's next request to Storyblok.
 */
export async function updateSpaceSettings(
  deps: SettingsDeps & { queue: Pick<JobQueue, 'send'> },
  spaceId: number,
  userId: string,
  change: SettingsChange,
): Promise<SpaceSettings> {
  const before = await deps.prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { writeBackMode: true, publishRequires: true, storyblokRequestsPerSecond: true, autoVerifyMinScore: true },
  });
  const mode = change.write_back_mode ?? before.writeBackMode;
  const publishRequires = change.publish_requires ?? before.publishRequires;
  const rate =
    change.storyblok_requests_per_second === undefined
      ? before.storyblokRequestsPerSecond
      : change.storyblok_requests_per_second;
  const minScore =
    change.auto_verify_min_score === undefined ? before.autoVerifyMinScore : change.auto_verify_min_score;
  if (
    before.writeBackMode === mode &&
    before.publishRequires === publishRequires &&
    before.storyblokRequestsPerSecond === rate &&
    before.autoVerifyMinScore === minScore
  )
    return getSpaceSettings(deps, spaceId);
  // The change and its audit rows commit together.
  await deps.prisma.$transaction(async (tx) => {
    const audit = (action: string, from: unknown, to: unknown) =>
      recordAuditEvent(tx, { spaceId, actorId: userId, action, data: { from, to } as Prisma.InputJsonObject });
    await tx.space.update({
      where: { id: spaceId },
      data: { writeBackMode: mode, publishRequires, storyblokRequestsPerSecond: rate, autoVerifyMinScore: minScore },
      select: { id: true },
    });
    if (before.storyblokRequestsPerSecond !== rate)
      await audit('settings.storyblok_requests_per_second', before.storyblokRequestsPerSecond, rate);
    if (before.autoVerifyMinScore !== minScore)
      await audit('settings.auto_verify_min_score', before.autoVerifyMinScore, minScore);
    if (before.writeBackMode !== mode) await audit('settings.write_back_mode', before.writeBackMode, mode);
    if (before.publishRequires !== publishRequires)
      await audit('settings.publish_requires', before.publishRequires, publishRequires);
  });
  if (before.writeBackMode !== mode && mode === 'all') {
    const stories = await deps.prisma.storyNode.findMany({
      where: { spaceId, keys: { some: { translations: { some: {} } } } },
      select: { id: true },
    });
    await scheduleWriteBack(
      deps,
      stories.map((story) => story.id),
    );
  }
  return getSpaceSettings(deps, spaceId);
}
