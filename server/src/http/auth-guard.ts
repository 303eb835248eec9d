import type { Request } from 'express';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/prisma.ts';
import { AppError } from '../errors.ts';
import type { AccessTokens, Aal } from '../features/auth/access-tokens.ts';

/** Who is calling a signed-in /api route. */
export interface AuthInfo {
  userId: string;
  sessionId: string;
  aal: Aal;
}

export type Authenticate<A extends AuthInfo = AuthInfo> = (req: Request) => Promise<A>;

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
 * second factor must have passed it (aal2).
 */
export function createAuthGuard(deps: { prisma: Database; tokens: AccessTokens; clock: Clock }): Authenticate {
  return async (req) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    if (!match)
      throw new AppError('unauthorized', 'Log in to use this endpoint (send the access token as a Bearer token).');
    const claims = await deps.tokens.verify(match[1]!);
    if (!claims) throw signedOut();
    const rows = await deps.prisma.$queryRaw<SessionCheck[]>`
      SELECT s.user_id, s.aal::text AS aal, s.not_after,
        EXISTS (SELECT 1 FROM mfa_factors f WHERE f.user_id = s.user_id AND f.status = 'verified') AS has_verified_factor
      FROM auth_sessions s
      WHERE s.id = ${claims.session_id}::uuid AND s.revoked_at IS NULL`;
    const session = rows[0];
    if (!session || session.user_id !== claims.sub || new Date(session.not_after).getTime() <= deps.clock.now()) {
      throw signedOut();
    }
    const aal: Aal = claims.aal === 'aal2' && session.aal === 'aal2' ? 'aal2' : 'aal1';
    if (session.has_verified_factor && aal !== 'aal2') {
      throw new AppError('mfa_required', 'Enter the code from your authenticator app to continue.');
    }
    return { userId: session.user_id, sessionId: claims.session_id, aal };
  };
}
