import { API_TOKEN_LAST_USE_STEP_MS, API_TOKEN_PREFIX } from '#contract/api-token-rules.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { AuthInfo } from '../../http/auth-info.ts';
import { randomToken, sha256 } from './secure-tokens.ts';

/** A new token's secret: the prefix and 256 random bits, base64url. Shown once; only its hash is kept. */
export function newApiTokenSecret(): { secret: string; hash: string } {
  const secret = `${API_TOKEN_PREFIX}${randomToken()}`;
  return { secret, hash: sha256(secret) };
}

export function isApiTokenSecret(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_PREFIX);
}

const refused = () =>
  new AppError(
    'invalid_api_token',
    'This API token is not valid: it is unknown, revoked or expired. Create a new one in your profile.',
  );

/**
 * The caller a personal API token stands for, read on every request so a revoked or expired token is refused
 * at once. Its last use is written only when the one stored is more than a minute old.
 */
export async function apiTokenCaller(deps: { prisma: Database; clock: Clock }, secret: string): Promise<AuthInfo> {
  const token = await deps.prisma.apiToken.findUnique({
    where: { tokenHash: sha256(secret) },
    select: {
      id: true,
      userId: true,
      role: true,
      expiresAt: true,
      revokedAt: true,
      lastUsedAt: true,
      spaces: { select: { spaceId: true } },
    },
  });
  const now = deps.clock.now();
  if (!token || token.revokedAt || (token.expiresAt && token.expiresAt.getTime() <= now)) throw refused();
  if (!token.lastUsedAt || token.lastUsedAt.getTime() <= now - API_TOKEN_LAST_USE_STEP_MS) {
    // Conditional, so that two requests in the same minute from two processes write once.
    await deps.prisma.apiToken.updateMany({
      where: {
        id: token.id,
        OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now - API_TOKEN_LAST_USE_STEP_MS) } }],
      },
      data: { lastUsedAt: new Date(now) },
    });
  }
  return {
    userId: token.userId,
    // A token has no session: its id stands in, so a link pass issued to it names nothing that signs in.
    sessionId: token.id,
    // Created by a session that passed every factor its user has; a script cannot answer a second factor.
    aal: 'aal2',
    apiToken: { id: token.id, role: token.role, spaceIds: token.spaces.map((space) => space.spaceId) },
  };
}
