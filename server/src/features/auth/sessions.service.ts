import type { AuthSessionResponse } from '#contract/auth.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Aal, AmrEntry } from './access-tokens.ts';
import type { AuthDeps } from './auth-deps.ts';
import { AppError } from '../../errors.ts';
import { childToken, randomToken, sha256 } from './secure-tokens.ts';
import { loadUserView, providersOf, toAuthUser } from './user-view.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface SessionRow {
  id: string;
  userId: string;
  aal: Aal;
  amr: unknown;
}

const sessionSelect = {
  id: true,
  userId: true,
  aal: true,
  amr: true,
  createdAt: true,
  refreshedAt: true,
  notAfter: true,
  revokedAt: true,
} as const;

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The session's authentication methods as stored (json), checked on the way out. */
export function amrOf(value: unknown): AmrEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is AmrEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as AmrEntry).method === 'string' &&
      typeof (entry as AmrEntry).timestamp === 'number',
  );
}

/** The methods as the json column takes them. */
export function amrJson(amr: AmrEntry[]): Prisma.InputJsonArray {
  return amr.map((entry) => ({ method: entry.method, timestamp: entry.timestamp }));
}

/** A new signed-in device: aal1, one refresh token, an absolute end and the idle clock started. */
export async function startSession(
  deps: AuthDeps,
  userId: string,
  method: string,
  client: ClientInfo,
): Promise<AuthSessionResponse> {
  const now = deps.clock.now();
  const refreshToken = randomToken();
  const session = await deps.prisma.authSession.create({
    data: {
      userId,
      aal: 'aal1',
      amr: amrJson([{ method, timestamp: seconds(now) }]),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      createdAt: new Date(now),
      refreshedAt: new Date(now),
      notAfter: new Date(now + deps.settings.sessionLifetimeSeconds * 1000),
      refreshTokens: { create: { tokenHash: sha256(refreshToken), createdAt: new Date(now) } },
    },
    select: sessionSelect,
  });
  await deps.prisma.user.update({ where: { id: userId }, data: { lastSignInAt: new Date(now) }, select: { id: true } });
  return sessionResponse(deps, session, refreshToken);
}

/** The GoTrue session answer: a fresh access token for the session, the refresh token, and the user. */
export async function sessionResponse(
  deps: AuthDeps,
  session: SessionRow,
  refreshToken: string,
): Promise<AuthSessionResponse> {
  const user = await loadUserView(deps.prisma, session.userId);
  if (!user) throw new AppError('user_not_found', 'User from sub claim in JWT does not exist');
  const { token, expiresAt } = await deps.tokens.sign({
    user: { id: user.id, email: user.email, name: user.name, providers: providersOf(user) },
    session: { id: session.id, aal: session.aal, amr: amrOf(session.amr) },
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: deps.tokens.lifetimeSeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: toAuthUser(user),
  };
}

const notFound = () => new AppError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * Refresh with rotation. Each token is used once: using it returns its child (derived with a server key, so
 * only its hash is stored) and a new access token. Presented again within the grace period (two tabs waking
 * together, a response lost on the way), it answers the same current token. Presented again later, it is
 * taken as stolen: the whole session is revoked.
 */
export async function refreshGrant(
  deps: AuthDeps,
  presented: string,
  client: ClientInfo,
): Promise<AuthSessionResponse> {
  const { prisma, clock, settings } = deps;
  const hash = sha256(presented);
  const token = await prisma.refreshToken.findUnique({
    where: { tokenHash: hash },
    select: { id: true, rotatedAt: true, revoked: true, session: { select: sessionSelect } },
  });
  if (!token || token.revoked || token.session.revokedAt) throw notFound();
  const session = token.session;
  const now = clock.now();
  const lastActive = (session.refreshedAt ?? session.createdAt).getTime();
  if (now >= session.notAfter.getTime() || now - lastActive > settings.sessionIdleSeconds * 1000) {
    await revokeSessions(deps, { id: session.id });
    throw new AppError('session_expired', 'Invalid Refresh Token: Session Expired');
  }

  let rotatedAt = token.rotatedAt?.getTime() ?? null;
  if (rotatedAt === null) {
    const child = childToken(deps.refreshChainKey, presented);
    const rotated = await prisma.$transaction(async (tx) => {
      const claimed = await tx.refreshToken.updateMany({
        where: { id: token.id, rotatedAt: null, revoked: false },
        data: { rotatedAt: new Date(now) },
      });
      if (claimed.count === 0) return false;
      await tx.refreshToken.create({
        data: { sessionId: session.id, tokenHash: sha256(child), parentHash: hash, createdAt: new Date(now) },
        select: { id: true },
      });
      await tx.authSession.update({
        where: { id: session.id },
        data: { refreshedAt: new Date(now), ip: client.ip, userAgent: client.userAgent?.slice(0, 512) ?? null },
        select: { id: true },
      });
      return true;
    });
    if (rotated) return sessionResponse(deps, session, child);
    // Another request rotated it a moment ago: the same answer as a concurrent refresh.
    const again = await prisma.refreshToken.findUnique({ where: { id: token.id }, select: { rotatedAt: true } });
    rotatedAt = again?.rotatedAt?.getTime() ?? now;
  }

  if (now - rotatedAt <= settings.refreshReuseGraceSeconds * 1000) {
    const current = await currentDescendant(deps, presented);
    if (current) return sessionResponse(deps, session, current);
    throw notFound();
  }
  await revokeSessions(deps, { id: session.id });
  deps.logger.warn(
    { sessionId: session.id, userId: session.userId },
    'refresh token used again after rotation: session revoked',
  );
  throw new AppError('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
}

/** Follows the rotation chain from a rotated token to the one in use now (a few steps at most). */
async function currentDescendant(deps: AuthDeps, rotated: string): Promise<string | null> {
  let candidate = childToken(deps.refreshChainKey, rotated);
  for (let step = 0; step < 20; step += 1) {
    const row = await deps.prisma.refreshToken.findUnique({
      where: { tokenHash: sha256(candidate) },
      select: { rotatedAt: true, revoked: true },
    });
    if (!row || row.revoked) return null;
    if (!row.rotatedAt) return candidate;
    candidate = childToken(deps.refreshChainKey, candidate);
  }
  return null;
}

/**
 * A fresh refresh token for a session whose assurance changed (MFA verified): the tokens issued before the
 * change stop working, so only this answer carries the upgraded session forward.
 */
export async function reissueRefreshToken(deps: AuthDeps, sessionId: string): Promise<string> {
  const now = new Date(deps.clock.now());
  const refreshToken = randomToken();
  await deps.prisma.$transaction([
    deps.prisma.refreshToken.updateMany({ where: { sessionId, revoked: false }, data: { revoked: true } }),
    deps.prisma.refreshToken.create({
      data: { sessionId, tokenHash: sha256(refreshToken), createdAt: now },
      select: { id: true },
    }),
    deps.prisma.authSession.update({ where: { id: sessionId }, data: { refreshedAt: now }, select: { id: true } }),
  ]);
  return refreshToken;
}

export type SessionFilter = { id: string } | { userId: string; exceptId?: string; belowAal2?: boolean };

/** Ends sessions: they no longer refresh, and the API refuses their access tokens on the next request. */
export async function revokeSessions(deps: AuthDeps, filter: SessionFilter): Promise<number> {
  const where =
    'id' in filter
      ? { id: filter.id, revokedAt: null }
      : {
          userId: filter.userId,
          revokedAt: null,
          ...(filter.exceptId ? { id: { not: filter.exceptId } } : {}),
          ...(filter.belowAal2 ? { aal: 'aal1' as const } : {}),
        };
  const sessions = await deps.prisma.authSession.findMany({ where, select: { id: true } });
  if (sessions.length === 0) return 0;
  const ids = sessions.map((session) => session.id);
  await deps.prisma.$transaction([
    deps.prisma.authSession.updateMany({ where: { id: { in: ids } }, data: { revokedAt: new Date(deps.clock.now()) } }),
    deps.prisma.refreshToken.updateMany({ where: { sessionId: { in: ids } }, data: { revoked: true } }),
  ]);
  return ids.length;
}
