import { z } from 'zod';
import type { Database } from '../../db/prisma.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { checkWaitingTranslations, localesWaitingForChecks, QA_BATCH } from './qa-store.ts';

/** Translations a run checks per language before it moves on to the next, so no language waits for a big one. */
const RUN_PER_LANGUAGE = 40 * QA_BATCH;

/**
 * Every five minutes, the checks of translations that wait for them: those changed by anything but a filter that
 * checked them already (AI runs, imports, syncs), and whole languages after their glossary or style guide changed.
 * Answers how many were checked.
 */
export async function checkAllWaiting(prisma: Database, signal?: AbortSignal): Promise<number> {
  let checked = 0;
  for (const locale of await localesWaitingForChecks(prisma)) {
    if (signal?.aborted) break;
    checked += (await checkWaitingTranslations(prisma, locale, RUN_PER_LANGUAGE)).checked;
  }
  return checked;
}

export function createQaCheckJob(deps: { prisma: Database }) {
  return defineJob({
    name: 'translations.qa-check',
    payload: z.object({}),
    schedule: '*/5 * * * *',
    retry: { limit: 2, delaySeconds: 60, maxDelaySeconds: 600 },
    expireInSeconds: 30 * 60,
    heartbeatSeconds: 30,
    policy: 'singleton',
    handler: async (_payload, context) => {
      const checked = await checkAllWaiting(deps.prisma, context.signal);
      if (checked > 0) context.logger.info({ checked }, 'translation checks: translations checked');
    },
  });
}
