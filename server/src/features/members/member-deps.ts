import type { Database } from '../../db/prisma.ts';
import type { RateLimiter } from '../../http/rate-limiter.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { AuthDeps } from '../auth/index.ts';

/** What the member services need from the running process. */
export interface MemberDeps {
  prisma: Database;
  queue: JobQueue;
  /** Public origin of the web app, for the links in e-mails. */
  siteUrl: string;
  /** The auth service: accounts for invited addresses and their set-password links. */
  auth: AuthDeps;
  /** Invitations per inviter: each one sends an e-mail to an address of the inviter's choosing. */
  invitations: RateLimiter;
}

/** What telling admins about a request to join needs (the spaces feature calls it when someone knocks). */
export type NoticeDeps = Pick<MemberDeps, 'prisma' | 'queue' | 'siteUrl'>;
