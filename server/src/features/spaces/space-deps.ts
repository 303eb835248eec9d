import type { SecretBox } from '../../crypto/secret-box.ts';
import type { Database } from '../../db/prisma.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { StoryblokAccess } from '../../storyblok-access/index.ts';

/** What the space services need from the running process. */
export interface SpaceDeps {
  prisma: Database;
  storyblok: StoryblokAccess;
  /** Seals the webhook secret of a newly connected space. */
  secretBox: SecretBox;
  queue: JobQueue;
  /** Public origin of the web app, for links in e-mails (admins hear of requests to join). */
  siteUrl: string;
  /** AI words per day for a space without a plan, for the settings' usage report. */
  wordsWithoutPlan: number;
  wordsOnEntryPlan?: number | undefined;
  /** Whether Stripe is set up, for the settings' Subscription card. */
  billingEnabled?: boolean | undefined;
}
