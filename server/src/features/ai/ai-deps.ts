import type { AiTranslator } from '../../adapters/openai/ai-translator.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';

export interface AiDeps {
  prisma: Database;
  queue: Pick<JobQueue, 'send' | 'sendMany' | 'cancelWaiting'>;
  /** Null when no model is configured: AI features then say so. */
  translator: AiTranslator | null;
  wordsWithoutPlan: number;
  /** AI words per day on the Entry Plan (AI_DAILY_WORDS_ENTRY_PLAN); 1,000 unless said. */
  wordsOnEntryPlan?: number | undefined;
}

/** What the AI job works with: its follow-up work goes through the queue running it. */
export type AiJobDeps = Omit<AiDeps, 'queue'> & { queue: Pick<JobQueue, 'send'> };

export function requireTranslator(deps: Pick<AiDeps, 'translator'>): AiTranslator {
  if (!deps.translator)
    throw new AppError('ai_unavailable', 'AI translation is not set up on this Polyblok (no AI model is configured).');
  return deps.translator;
}
