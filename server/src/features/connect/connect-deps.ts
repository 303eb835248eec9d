import type { StoryblokAdapter } from '../../adapters/storyblok/storyblok-adapter.ts';
import type { StoryblokOAuth } from '../../adapters/storyblok/storyblok-oauth.ts';
import type { SecretBox } from '../../crypto/secret-box.ts';
import type { Database } from '../../db/prisma.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../logger.ts';
import type { AuthDeps } from '../auth/auth-deps.ts';
import type { AuthFor } from '../spaces/space-credentials.ts';

/** What the app install and the panel's endpoints need from the running process. */
export interface ConnectDeps {
  prisma: Database;
  storyblok: StoryblokAdapter;
  /** The Storyblok app's OAuth client; null when the install is not configured (the panel then says so). */
  oauth: StoryblokOAuth | null;
  secretBox: SecretBox;
  queue: JobQueue;
  logger: Logger;
  /** Sessions, accounts and e-mail, shared with /auth/v1. */
  auth: AuthDeps;
  authFor: AuthFor;
  /** The public https origin the install's redirect URI is built on. */
  siteUrl: () => string;
  storyblokOrigins: string[];
  toolSlug: string;
}
