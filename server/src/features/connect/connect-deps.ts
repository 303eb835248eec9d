import type { SecretBox } from '../../crypto/secret-box.ts';
import type { Database } from '../../db/prisma.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../logger.ts';
import type { StoryblokAccess, StoryblokApp } from '../../storyblok-access/index.ts';
import type { AuthDeps } from '../auth/index.ts';

/** What the app install and the panel's endpoints need from the running process. */
export interface ConnectDeps {
  prisma: Database;
  storyblok: StoryblokAccess;
  /** The Storyblok app's OAuth settings; null when the install is not configured (the panel then says so). */
  oauth: StoryblokApp | null;
  /** Seals the install's challenge cookie and the panel's one-time code. */
  secretBox: SecretBox;
  queue: JobQueue;
  logger: Logger;
  /** Sessions, accounts and e-mail, shared with /auth/v1. */
  auth: AuthDeps;
  /** The public https origin the install's redirect URI is built on. */
  siteUrl: () => string;
  storyblokOrigins: string[];
  toolSlug: string;
}
