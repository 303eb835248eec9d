import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';

/** The Entry Plan's AI allowance (specification section 9). */
export const ENTRY_PLAN_DAILY_WORDS = 1000;

const today = () => new Date(new Date().toISOString().slice(0, 10));

export async function dailyAllowance(prisma: Database, spaceId: number, withoutPlan: number): Promise<number> {
  const subscription = await prisma.subscription.findUnique({ where: { spaceId }, select: { status: true } });
  return subscription && subscription.status !== 'canceled' ? ENTRY_PLAN_DAILY_WORDS : withoutPlan;
}

export async function wordsUsedToday(prisma: Database, spaceId: number): Promise<number> {
  const usage = await prisma.aiUsage.findUnique({
    where: { spaceId_day: { spaceId, day: today() } },
    select: { words: true },
  });
  return usage?.words ?? 0;
}

/**
 * Takes words from today's allowance before any model call, in one conditional update, so two requests at
 * once cannot both squeeze under the limit. Over it, nothing is taken and the answer says how it stands.
 */
export async function reserveWords(prisma: Database, spaceId: number, words: number, allowance: number): Promise<void> {
  const day = today();
  await prisma.aiUsage.upsert({
    where: { spaceId_day: { spaceId, day } },
    create: { spaceId, day },
    update: {},
    select: { spaceId: true },
  });
  const taken = await prisma.$executeRaw`
    UPDATE ai_usage SET words = words + ${words}
    WHERE space_id = ${spaceId} AND day = ${day}::date AND words + ${words} <= ${allowance}`;
  if (taken === 0) {
    const used = await wordsUsedToday(prisma, spaceId);
    throw new AppError(
      'quota_exceeded',
      `Today's AI allowance of ${allowance.toLocaleString('en-US')} words would be exceeded: ${used.toLocaleString('en-US')} used, this needs ${words.toLocaleString('en-US')}. It renews at midnight (UTC).`,
    );
  }
}

/** Gives back the words of what was not translated after all. */
export async function refundWords(prisma: Database, spaceId: number, words: number): Promise<void> {
  if (words <= 0) return;
  await prisma.$executeRaw`
    UPDATE ai_usage SET words = greatest(0, words - ${words}) WHERE space_id = ${spaceId} AND day = ${today()}::date`;
}

/** Counts model requests and tokens, for the space's usage report. */
export async function recordModelUse(
  prisma: Database,
  spaceId: number,
  requests: number,
  usage: { promptTokens: number; completionTokens: number },
): Promise<void> {
  await prisma.$executeRaw`
    UPDATE ai_usage SET requests = requests + ${requests}, prompt_tokens = prompt_tokens + ${usage.promptTokens},
      completion_tokens = completion_tokens + ${usage.completionTokens}
    WHERE space_id = ${spaceId} AND day = ${today()}::date`;
}
