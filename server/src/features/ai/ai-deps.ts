import type { AiTranslator } from '../../adapters/openai/ai-translator.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';

export interface AiDeps {
  prisma: Database;
  queue: Pick<JobQueue, 'send'>;
  /** Null when no model is configured: AI features then say so. */
  translator: AiTranslator | null;
  wordsWithoutPlan: number;
}

export function requireTranslator(deps: AiDeps): AiTranslator {
  if (!deps.translator)
    throw new AppError('ai_unavailable', 'AI translation is not set up on this Polyblok (no AI model is configured).');
  return deps.translator;
}
