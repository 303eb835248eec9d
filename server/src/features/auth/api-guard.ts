import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { AuthInfo, Authenticate } from '../../http/auth-info.ts';
import type { AccessTokens, Aal } from './access-tokens.ts';
import { apiTokenCaller, isApiTokenSecret } from './api-token-check.ts';

interface SessionCheck {
  user_id: string;
  aal: Aal;
  not_after: Date;
  has_verified_factor: boolean;
}

const signedOut = () => new AppError('unauthorized', 'Your session has ended. Please log in again.');

/**
 * The bearer check of the product API. The JWT must be valid, and its session must still exist, be
 * unrevoked and unexpired: one query by primary key (with the factor lookup on its index), so a signed-out
 * session or a deleted user is refused on the very next request, not an hour later. A user with a verified
 * second factor must have passed it (aal2). A personal API token (`pbk_…`) is accepted here, on /api only.
 */
export function createAuthGuard(deps: GuardDeps): Authenticate {
  return async (req) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    if (!match)
      throw new AppError('unauthorized', 'Log in to use this endpoint (send the access token as a Bearer token).');
    if (isApiTokenSecret(match[1]!)) return apiTokenCaller(deps, match[1]!);
    const claims = await deps.tokens.verify(match[1]!);
    if (!claims) throw signedOut();
    return liveSession(deps, { userId: claims.sub, sessionId: claims.session_id, aal: claims.aal });
  };
}

export interface GuardDeps {
  prisma: Database;
  tokens: AccessTokens;
  clock: Clock;
}

/**
 * The session a credential names, as it stands now: refused when signed out, expired or of another user, and
 * when its user has a verified second factor the credential has not passed.
 */
export async function liveSession(deps: Pick<GuardDeps, 'prisma' | 'clock'>, claimed: AuthInfo): Promise<AuthInfo> {
  const rows = await deps.prisma.$queryRaw<SessionCheck[]>`
    SELECT s.user_id, s.aal::text AS aal, s.not_after,
      EXISTS (SELECT 1 FROM mfa_factors f WHERE f.user_id = s.user_id AND f.status = 'verified') AS has_verified_factor
    FROM auth_sessions s
    WHERE s.id = ${claimed.sessionId}::uuid AND s.revoked_at IS NULL`;
  const session = rows[0];
  if (!session || session.user_id !== claimed.userId || new Date(session.not_after).getTime() <= deps.clock.now()) {
    throw signedOut();
  }
  const aal: Aal = claimed.aal === 'aal2' && session.aal === 'aal2' ? 'aal2' : 'aal1';
  if (session.has_verified_factor && aal !== 'aal2') {
    throw new AppError('mfa_required', 'Enter the code from your authenticator app to continue.');
  }
  return { userId: session.user_id, sessionId: claimed.sessionId, aal };
}
