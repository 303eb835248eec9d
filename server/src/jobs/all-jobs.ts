import type { AiTranslator } from '../adapters/openai/ai-translator.ts';
import type { StoryblokAdapter } from '../adapters/storyblok/storyblok-adapter.ts';
import type { StoryblokOAuth } from '../adapters/storyblok/storyblok-oauth.ts';
import type { ServerSecrets } from '../boot/secrets.ts';
import { createSecretBox } from '../crypto/secret-box.ts';
import type { Database } from '../db/prisma.ts';
import { createAiTranslateJob } from '../features/ai/ai-translate.job.ts';
import { createMailSendJob } from '../features/mail/mail-send.job.ts';
import type { MailTransport } from '../features/mail/mail-transport.ts';
import { createAuthFor } from '../features/spaces/space-credentials.ts';
import { createDailySyncJob } from '../features/sync/daily-sync.job.ts';
import { createPollChangesJob } from '../features/sync/poll-changes.job.ts';
import { createSpaceSyncJob } from '../features/sync/space-sync.job.ts';
import { createStorySyncJob } from '../features/sync/story-sync.job.ts';
import { createWriteBackJob } from '../features/write-back/write-back.job.ts';
import type { JobDefinition } from './define-job.ts';

/** What job handlers need from the running process. */
export interface JobDeps {
  prisma: Database;
  mailTransport: MailTransport;
  storyblok: StoryblokAdapter;
  /** The app install's OAuth client (renews spaces' OAuth tokens); null or absent when not configured. */
  storyblokOAuth?: StoryblokOAuth | null;
  secrets: ServerSecrets;
  translator: AiTranslator | null;
  wordsWithoutPlan: number;
}

/** Every job the server runs; a feature adds its job definitions here. */
export function allJobs(deps: JobDeps): JobDefinition[] {
  const authFor = createAuthFor(deps.prisma, createSecretBox(deps.secrets.keyRing), deps.storyblokOAuth ?? null);
  return [
    createMailSendJob({ prisma: deps.prisma, transport: deps.mailTransport }),
    createSpaceSyncJob({ prisma: deps.prisma, storyblok: deps.storyblok, authFor }),
    createWriteBackJob({ prisma: deps.prisma, storyblok: deps.storyblok, authFor }),
    createStorySyncJob({ prisma: deps.prisma, storyblok: deps.storyblok, authFor }),
    createDailySyncJob({ prisma: deps.prisma }),
    createPollChangesJob({ prisma: deps.prisma, storyblok: deps.storyblok, authFor }),
    createAiTranslateJob({ prisma: deps.prisma, translator: deps.translator, wordsWithoutPlan: deps.wordsWithoutPlan }),
  ];
}
