import { isIPv6 } from 'node:net';
import type { AuthDeps } from './auth-deps.ts';
import type { CredentialLimits } from './auth-settings.ts';
import { tooManyRequests } from './auth-errors.ts';

export type CredentialKind = 'password' | 'totp' | 'reauthentication';

export interface CredentialAttempt {
  /** The credential was right: the failures of this account from this address are cleared. */
  succeeded(): Promise<void>;
}

/**
 * The key of a client address. An IPv6 subscriber usually holds a whole /64, so counting single addresses
 * would give them billions of fresh starts; an IPv4-mapped address is its IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

const SECOND = 1000;

/** When the next attempt of a pair may come after `failures` failures, the last at `lastAt`. */
export function pairRetryAt(limits: CredentialLimits, failures: number, lastAt: number): number {
  if (failures < limits.freeFailures) return 0;
  const doublings = Math.min(failures - limits.freeFailures, 30);
  const delay = Math.min(limits.maxDelaySeconds, limits.firstDelaySeconds * 2 ** doublings);
  return lastAt + delay * SECOND;
}

function refuse(deps: AuthDeps, limit: string, now: number, retryAt: number): never {
  deps.logger.warn({ bucket: limit }, 'auth rate limit reached');
  throw tooManyRequests(Math.max(1, Math.ceil((retryAt - now) / SECOND)));
}

/** When a window with `failures` (the oldest at `oldest`) has room again, or null while it has room. */
async function windowFull(
  deps: AuthDeps,
  where: { address: string } | { account: string },
  ceiling: { failures: number; windowSeconds: number },
  now: number,
): Promise<number | null> {
  const since = new Date(now - ceiling.windowSeconds * SECOND);
  const found = await deps.prisma.credentialFailure.aggregate({
    where: { ...where, failedAt: { gt: since } },
    _count: { _all: true },
    _min: { failedAt: true },
  });
  if (found._count._all < ceiling.failures) return null;
  return found._min.failedAt!.getTime() + ceiling.windowSeconds * SECOND;
}

/**
 * Checks the limits before a credential is checked, and counts the attempt as a failure until it proves right:
 * a burst of parallel guesses then sees its own earlier attempts. Answers 429 over_request_rate_limit with
 * Retry-After when the attempt must wait; the credential is then not checked at all, so the answer cannot
 * depend on it.
 */
export async function beginCredentialCheck(
  deps: AuthDeps,
  kind: CredentialKind,
  account: string,
  ip: string,
): Promise<CredentialAttempt> {
  const limits = deps.settings.credentialLimits;
  const { prisma } = deps;
  const address = addressKey(ip);
  const now = deps.clock.now();
  const pair = { kind, account, address };
  const remembered = new Date(now - limits.failureMemorySeconds * SECOND);
  const past = await prisma.credentialFailure.aggregate({
    where: { ...pair, failedAt: { gt: remembered } },
    _count: { _all: true },
    _max: { failedAt: true },
  });
  const retryAt = pairRetryAt(limits, past._count._all, past._max.failedAt?.getTime() ?? 0);
  if (now < retryAt) refuse(deps, 'credentialFailuresPerPair', now, retryAt);

  const known = await prisma.knownSignInAddress.findUnique({
    where: { account_address: { account, address } },
    select: { lastSeenAt: true },
  });
  if (!known || known.lastSeenAt.getTime() < now - limits.knownAddressSeconds * SECOND) {
    const addressFull = await windowFull(deps, { address }, limits.perAddress, now);
    if (addressFull !== null) refuse(deps, 'credentialFailuresPerAddress', now, addressFull);
    const accountFull = await windowFull(deps, { account }, limits.perAccount, now);
    if (accountFull !== null) refuse(deps, 'credentialFailuresPerAccount', now, accountFull);
  }

  await prisma.credentialFailure.create({ data: { ...pair, failedAt: new Date(now) }, select: { id: true } });
  await prisma.credentialFailure.deleteMany({ where: { failedAt: { lte: remembered } } });
  return {
    async succeeded() {
      await prisma.credentialFailure.deleteMany({ where: pair });
    },
  };
}

/**
 * Remembers that the accounts signed in from this client address (an e-mail address and the user's id, so the
 * codes asked after a password are covered too), and forgets addresses unused for too long.
 */
export async function rememberSignInAddress(deps: AuthDeps, accounts: string[], ip: string): Promise<void> {
  const { prisma } = deps;
  const address = addressKey(ip);
  const seen = new Date(deps.clock.now());
  for (const account of accounts) {
    await prisma.knownSignInAddress.upsert({
      where: { account_address: { account, address } },
      create: { account, address, lastSeenAt: seen },
      update: { lastSeenAt: seen },
      select: { account: true },
    });
  }
  const forgotten = new Date(seen.getTime() - deps.settings.credentialLimits.knownAddressSeconds * SECOND);
  await prisma.knownSignInAddress.deleteMany({ where: { lastSeenAt: { lt: forgotten } } });
}
