import type { OneTimeTokenKind } from '../../generated/prisma/enums.ts';
import type { AuthDeps } from './auth-deps.ts';
import { keyedHash, randomToken, sha256, sixDigitCode } from './secure-tokens.ts';

export type LinkKind = Exclude<OneTimeTokenKind, 'reauthentication'>;

export interface ConsumedToken {
  userId: string;
  kind: OneTimeTokenKind;
  relatesTo: string;
}

const lifetimeOf = (deps: AuthDeps, kind: OneTimeTokenKind) =>
  kind === 'recovery'
    ? deps.settings.recoveryLinkSeconds
    : kind === 'reauthentication'
      ? deps.settings.reauthenticationCodeSeconds
      : deps.settings.confirmationLinkSeconds;

/**
 * Replaces the user's earlier tokens of the kind: only the latest link or code works (and a used code can
 * come up again without clashing with its old hash).
 */
async function store(deps: AuthDeps, userId: string, kind: OneTimeTokenKind, tokenHash: string, relatesTo: string) {
  const now = deps.clock.now();
  await deps.prisma.$transaction([
    deps.prisma.oneTimeToken.deleteMany({ where: { userId, kind } }),
    deps.prisma.oneTimeToken.create({
      data: {
        userId,
        kind,
        tokenHash,
        relatesTo,
        createdAt: new Date(now),
        expiresAt: new Date(now + lifetimeOf(deps, kind) * 1000),
      },
      select: { id: true },
    }),
  ]);
}

/** A link token for an e-mail (256 random bits; only its hash is kept). */
export async function issueLinkToken(
  deps: AuthDeps,
  userId: string,
  kind: LinkKind,
  relatesTo: string,
): Promise<string> {
  const token = randomToken();
  await store(deps, userId, kind, sha256(token), relatesTo);
  return token;
}

/** A six-digit code to type; its hash is keyed and includes the user, so a table dump does not reveal it. */
export async function issueReauthenticationCode(deps: AuthDeps, userId: string, relatesTo: string): Promise<string> {
  const code = sixDigitCode();
  await store(deps, userId, 'reauthentication', keyedHash(deps.codeHashKey, `${userId}:${code}`), relatesTo);
  return code;
}

/** When the user was last sent a token of this kind, for the per-address mail cooldown. */
export async function lastIssuedAt(deps: AuthDeps, userId: string, kind: OneTimeTokenKind): Promise<number | null> {
  const latest = await deps.prisma.oneTimeToken.findFirst({
    where: { userId, kind },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  });
  return latest?.createdAt.getTime() ?? null;
}

async function consume(deps: AuthDeps, tokenHash: string, kinds: OneTimeTokenKind[]): Promise<ConsumedToken | null> {
  const now = new Date(deps.clock.now());
  const row = await deps.prisma.oneTimeToken.findUnique({
    where: { tokenHash },
    select: { id: true, userId: true, kind: true, relatesTo: true, expiresAt: true, usedAt: true },
  });
  if (!row || row.usedAt || row.expiresAt <= now || !kinds.includes(row.kind)) return null;
  // Marked used in one conditional update: of two requests with the same link, one wins.
  const claimed = await deps.prisma.oneTimeToken.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: now },
  });
  return claimed.count === 1 ? { userId: row.userId, kind: row.kind, relatesTo: row.relatesTo } : null;
}

/** Uses a link token once; with `email`, only when the link was sent to that address. */
export async function consumeLinkToken(
  deps: AuthDeps,
  token: string,
  kinds: LinkKind[],
  email?: string,
): Promise<ConsumedToken | null> {
  if (email !== undefined) {
    const row = await deps.prisma.oneTimeToken.findUnique({
      where: { tokenHash: sha256(token) },
      select: { relatesTo: true },
    });
    if (!row || row.relatesTo !== email) return null;
  }
  return consume(deps, sha256(token), kinds);
}

export async function consumeReauthenticationCode(deps: AuthDeps, userId: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const used = await consume(deps, keyedHash(deps.codeHashKey, `${userId}:${code}`), ['reauthentication']);
  return used !== null && used.userId === userId;
}

/** After a password change, links and codes issued before it must not work any more. */
export async function dropPendingTokens(deps: AuthDeps, userId: string, kinds: OneTimeTokenKind[]): Promise<void> {
  await deps.prisma.oneTimeToken.deleteMany({ where: { userId, kind: { in: kinds }, usedAt: null } });
}
