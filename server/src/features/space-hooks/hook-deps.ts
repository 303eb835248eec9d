import type { SecretBox } from '../../crypto/secret-box.ts';
import type { Database } from '../../db/prisma.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { HookTargetPolicy } from './hook-address.ts';

/** What the hooks' services and jobs need from the running process. */
export interface HookDeps {
  prisma: Database;
  queue: Pick<JobQueue, 'send'>;
  /** Seals and opens the hooks' signing secrets. */
  secretBox: SecretBox;
  /** Where hooks may post (public https only in production). */
  hookTargets: HookTargetPolicy;
}
