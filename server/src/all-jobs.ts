import type { AiTranslator } from './adapters/openai/ai-translator.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import type { Database } from './db/prisma.ts';
import { createAiTranslateJob } from './features/ai/index.ts';
import { createQaCheckJob } from './features/content/index.ts';
import { createMailSendJob, type MailTransport } from './features/mail/index.ts';
import { createProgressSnapshotJob } from './features/progress/index.ts';
import {
  createDailySyncJobs,
  createDatasourceSyncJob,
  createMemorySketchJob,
  createPollJobs,
  createSpaceSyncJob,
  createStorySyncJob,
} from './features/sync/index.ts';
import { createHookDeliveryJob, createHookSweepJob, type HookTargetPolicy } from './features/space-hooks/index.ts';
import { createWriteBackJob, createWriteBackSweepJob } from './features/write-back/index.ts';
import type { StoryblokAccess } from './storyblok-access/index.ts';
import type { JobDefinition } from './jobs/define-job.ts';

/** What job handlers need from the running process. */
export interface JobDeps {
  prisma: Database;
  mailTransport: MailTransport;
  storyblok: StoryblokAccess;
  translator: AiTranslator | null;
  wordsWithoutPlan: number;
  wordsOnEntryPlan?: number;
  /** Opens the signing secrets of the space's outgoing webhooks. */
  secretBox: SecretBox;
  /** Where outgoing webhooks may post (public https only in production). */
  hookTargets: HookTargetPolicy;
}

/** Every job the server runs; a feature adds its job definitions here. */
export function allJobs(deps: JobDeps): JobDefinition[] {
  const { prisma, storyblok } = deps;
  return [
    createMailSendJob({ prisma, transport: deps.mailTransport }),
    createSpaceSyncJob({ prisma, storyblok }),
    createWriteBackJob({ prisma, storyblok }),
    createWriteBackSweepJob({ prisma }),
    createStorySyncJob({ prisma, storyblok }),
    createDatasourceSyncJob({ prisma, storyblok }),
    ...createDailySyncJobs({ prisma }),
    createMemorySketchJob({ prisma }),
    createQaCheckJob({ prisma }),
    createProgressSnapshotJob({ prisma }),
    createHookDeliveryJob({ prisma, secretBox: deps.secretBox, hookTargets: deps.hookTargets }),
    createHookSweepJob({ prisma }),
    ...createPollJobs({ prisma, storyblok }),
    createAiTranslateJob({
      prisma,
      translator: deps.translator,
      wordsWithoutPlan: deps.wordsWithoutPlan,
      wordsOnEntryPlan: deps.wordsOnEntryPlan,
    }),
  ];
}
