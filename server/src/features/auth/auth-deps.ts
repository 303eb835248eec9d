import { hkdfSync } from 'node:crypto';
import { AUTH_BASE_PATH } from '#contract/routes.ts';
import type { ServerSecrets } from '../../boot/secrets.ts';
import type { Clock } from '../../clock.ts';
import { createSecretBox, type SecretBox } from '../../crypto/secret-box.ts';
import type { Database } from '../../db/prisma.ts';
import {
  createRateLimiter,
  createSharedRateLimiter,
  type BucketRule,
  type RateLimiter,
} from '../../http/rate-limiter.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../logger.ts';
import { createAccessTokens, type AccessTokens } from './access-tokens.ts';
import { tooManyEmails, tooManyRequests } from './auth-errors.ts';
import type { AuthLimits, AuthSettings } from './auth-settings.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';

/** Everything the auth services share, built once per app. */
export interface AuthDeps {
  prisma: Database;
  queue: JobQueue;
  logger: Logger;
  /** Public origin of the web app: links in e-mails and allowed redirects. */
  siteUrl: string;
  clock: Clock;
  settings: AuthSettings;
  tokens: AccessTokens;
  passwords: PasswordHasher;
  box: SecretBox;
  /** Derives a refresh token's successor, so a concurrent refresh can be answered with the same one. */
  refreshChainKey: Buffer;
  /** Keys the hashes of short codes (reauthentication), which a bare hash would not protect. */
  codeHashKey: Buffer;
  limiters: Record<keyof AuthLimits, RateLimiter>;
  /** A rate limit of another feature, counted where these are (the database when processes share it). */
  limiter(name: string, rule: BucketRule): RateLimiter;
}

/** What the app gives to build them: the process's parts, and the secrets the keys derive from. */
export type AuthDepsInput = Pick<AuthDeps, 'prisma' | 'queue' | 'logger' | 'siteUrl' | 'clock' | 'settings'> & {
  secrets: ServerSecrets;
  /** Whether other processes may share the database (PostgreSQL): the rate limits are then counted in it. */
  sharedLimits: boolean;
};

function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'polyblok', purpose, 32));
}

export function createAuthDeps(input: AuthDepsInput): AuthDeps {
  const { settings, clock } = input;
  const limiter = (name: string, rule: BucketRule): RateLimiter =>
    input.sharedLimits ? createSharedRateLimiter(input.prisma, name, rule, clock) : createRateLimiter(rule, clock);
  const limiters = Object.fromEntries(
    Object.entries(settings.limits).map(([name, rule]) => [name, limiter(name, rule)]),
  ) as Record<keyof AuthLimits, RateLimiter>;
  return {
    prisma: input.prisma,
    queue: input.queue,
    logger: input.logger,
    siteUrl: input.siteUrl,
    clock,
    settings,
    tokens: createAccessTokens({
      secret: input.secrets.jwtSecret,
      issuer: `${input.siteUrl}${AUTH_BASE_PATH}`,
      lifetimeSeconds: settings.accessTokenSeconds,
      clock,
    }),
    passwords: createPasswordHasher(),
    box: createSecretBox(input.secrets.keyRing),
    refreshChainKey: deriveKey(input.secrets.jwtSecret, 'refresh-token chain'),
    codeHashKey: deriveKey(input.secrets.jwtSecret, 'one-time code hashes'),
    limiters,
    limiter,
  };
}

/**
 * Takes one request from a bucket or answers 429. Hits are logged (ASVS 16.3.3) with the bucket and, for
 * address buckets, without the address.
 */
export async function consume(
  deps: AuthDeps,
  bucket: keyof AuthLimits,
  key: string,
  options: { mail?: boolean; keyIsAddress?: boolean } = {},
): Promise<void> {
  if (await deps.limiters[bucket].take(key)) return;
  deps.logger.warn({ bucket, ...(options.keyIsAddress ? {} : { key }) }, 'auth rate limit reached');
  throw options.mail ? tooManyEmails() : tooManyRequests();
}

/**
 * Runs work after the answer has gone out. Used where the work depends on whether an address has an account:
 * doing it before answering would make known addresses answer more slowly than unknown ones. The database is
 * asked first, the same for every address, so that while it cannot be reached the answer says so (503) instead
 * of promising an e-mail that never comes.
 */
export async function runDetached(deps: AuthDeps, what: string, work: () => Promise<void>): Promise<void> {
  await deps.prisma.$queryRaw`SELECT 1`;
  setImmediate(() => {
    work().catch((error: unknown) => deps.logger.error({ err: error }, `${what} failed`));
  });
}
