import { hasPlanAllowance } from '#contract/billing-rules.ts';
import type { Database, DatabaseTransaction } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { Prisma } from '../../generated/prisma/client.ts';

/** The Entry Plan's AI allowance (specification section 9), unless AI_DAILY_WORDS_ENTRY_PLAN says otherwise. */
export const ENTRY_PLAN_DAILY_WORDS = 1000;

/** AI words per day without a plan and on the Entry Plan (AI_DAILY_WORDS_WITHOUT_PLAN, AI_DAILY_WORDS_ENTRY_PLAN). */
export interface PlanWords {
  wordsWithoutPlan: number;
  wordsOnEntryPlan?: number | undefined;
}

/** Words held for a value being translated for the editor outlive any answer the model can still give. */
const HOLD_MINUTES = 15;

/** The advisory-lock class of a space's allowance; the lock's second key is the space id. */
const ALLOWANCE_LOCK = 4101;

type Db = Database | DatabaseTransaction;

export interface ModelUse {
  requests: number;
  promptTokens: number;
  completionTokens: number;
}

/** Today (UTC), as the day of the usage row. */
const today = () => new Date().toISOString().slice(0, 10);

const fmt = (words: number) => words.toLocaleString('en-US');

/**
 * Today's allowance of the space: the plan's while its subscription is paid or in trial, the unpaid one
 * otherwise (a failed payment, a cancelled plan, or billing off). Words already charged today stay charged
 * whatever the plan becomes: the allowance changes, the day's usage does not.
 */
export async function dailyAllowance(prisma: Database, spaceId: number, words: PlanWords): Promise<number> {
  const subscription = await prisma.subscription.findUnique({ where: { spaceId }, select: { status: true } });
  return subscription && hasPlanAllowance(subscription.status)
    ? (words.wordsOnEntryPlan ?? ENTRY_PLAN_DAILY_WORDS)
    : words.wordsWithoutPlan;
}

/**
 * Where today's allowance stands: `used` is what was charged today, words of translations the model delivered;
 * `reserved` is what work under way will take at most, counted from that work itself (the asks still waiting
 * or running, the values being translated whose hold has not expired), so it goes away with the work, however
 * the work ends. One statement: both are read from the same moment.
 */
export async function aiStanding(db: Db, spaceId: number): Promise<{ used: number; reserved: number }> {
  const [row] = await db.$queryRaw<Array<{ used: number; reserved: number }>>`
    SELECT
      coalesce((SELECT words FROM ai_usage WHERE space_id = ${spaceId} AND day = ${today()}::date), 0)::int AS used,
      (coalesce((SELECT sum(k.word_count)
                 FROM translation_asks a JOIN translatable_keys k ON k.id = a.translatable_key_id
                 WHERE a.space_locale_id IN (SELECT id FROM space_locales WHERE space_id = ${spaceId})
                   AND a.status IN ('pending', 'running')), 0)
       + coalesce((SELECT sum(words) FROM ai_reservations WHERE space_id = ${spaceId} AND expires_at > now()), 0)
      )::int AS reserved`;
  return row ?? { used: 0, reserved: 0 };
}

/**
 * Takes the space's allowance for the rest of the transaction. Every new ask and hold is checked and created
 * under it, so two at once take their turn and cannot both squeeze under the limit.
 */
export async function lockAllowance(tx: DatabaseTransaction, spaceId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ALLOWANCE_LOCK}::int, ${spaceId}::int)`;
}

/** Checks, under `lockAllowance`, that `words` more fit in today's allowance; over it, says how it stands. */
export async function assertAllowance(
  tx: DatabaseTransaction,
  spaceId: number,
  words: number,
  allowance: number,
): Promise<void> {
  if (words <= 0) return;
  const { used, reserved } = await aiStanding(tx, spaceId);
  if (used + reserved + words <= allowance) return;
  const held = reserved > 0 ? `, ${fmt(reserved)} held by translations under way` : '';
  throw new AppError(
    'quota_exceeded',
    `Today's AI allowance of ${fmt(allowance)} words would be exceeded: ${fmt(used)} used${held}, this needs ${fmt(words)}. It renews at midnight (UTC).`,
  );
}

const addToUsage = Prisma.sql`
  ON CONFLICT (space_id, day) DO UPDATE SET
    words = ai_usage.words + EXCLUDED.words,
    requests = ai_usage.requests + EXCLUDED.requests,
    prompt_tokens = ai_usage.prompt_tokens + EXCLUDED.prompt_tokens,
    completion_tokens = ai_usage.completion_tokens + EXCLUDED.completion_tokens`;

/** Charges words of translations just stored, and the model's use, in the transaction that stores them. */
export async function chargeWords(tx: DatabaseTransaction, spaceId: number, words: number, use: ModelUse) {
  await tx.$executeRaw`
    INSERT INTO ai_usage (space_id, day, words, requests, prompt_tokens, completion_tokens)
    VALUES (${spaceId}, ${today()}::date, ${words}, ${use.requests}, ${use.promptTokens}, ${use.completionTokens})
    ${addToUsage}`;
}

/**
 * Holds words for a value the model is about to translate for the editor (nothing is stored, so there is no ask
 * to count them from): checked against the allowance and written together. Holds left by a server that died
 * meanwhile have expired: they count for nothing and are cleared here.
 */
export async function holdWords(prisma: Database, spaceId: number, words: number, allowance: number): Promise<string> {
  return prisma.$transaction(async (tx) => {
    await lockAllowance(tx, spaceId);
    await assertAllowance(tx, spaceId, words, allowance);
    await tx.$executeRaw`DELETE FROM ai_reservations WHERE space_id = ${spaceId} AND expires_at <= now()`;
    const [hold] = await tx.$queryRaw<Array<{ id: string }>>`
      INSERT INTO ai_reservations (id, space_id, words, expires_at)
      VALUES (gen_random_uuid(), ${spaceId}, ${words}, now() + make_interval(mins => ${HOLD_MINUTES}::int))
      RETURNING id::text`;
    return hold!.id;
  });
}

/**
 * Ends a hold in one statement: its words become a charge when the model delivered (`charge`), and go away
 * otherwise; the model's use is recorded either way. A hold already cleared as expired charges nothing.
 */
export async function endHold(prisma: Database, holdId: string, charge: boolean, use: ModelUse): Promise<void> {
  await prisma.$executeRaw`
    WITH held AS (DELETE FROM ai_reservations WHERE id = ${holdId}::uuid RETURNING space_id, words)
    INSERT INTO ai_usage (space_id, day, words, requests, prompt_tokens, completion_tokens)
    SELECT space_id, ${today()}::date, CASE WHEN ${charge} THEN words ELSE 0 END,
           ${use.requests}, ${use.promptTokens}, ${use.completionTokens}
    FROM held
    ${addToUsage}`;
}
