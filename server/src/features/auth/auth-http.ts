import type { Request } from 'express';
import { AppError } from '../../errors.ts';
import type { Aal } from './access-tokens.ts';
import { isApiTokenSecret } from './api-token-check.ts';
import type { AuthDeps } from './auth-deps.ts';
import type { ClientInfo } from './sessions.service.ts';

export function clientInfo(req: Request): ClientInfo {
  return { ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent: req.get('user-agent') ?? null };
}

export interface AuthenticatedRequest {
  userId: string;
  sessionId: string;
  /** The lower of the token's level and the session's current one. */
  aal: Aal;
  email: string;
}

/**
 * The caller of an /auth/v1 endpoint that needs a signed-in user, with GoTrue's errors when there is none. Unlike
 * the product API's guard it asks for no second factor: these endpoints are how a user reaches aal2.
 */
export async function requireSession(deps: AuthDeps, req: Request): Promise<AuthenticatedRequest> {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError('no_authorization', 'This endpoint requires a valid Bearer token');
  // Personal API tokens are for the product API: an account's password, e-mail and factors need a person.
  if (isApiTokenSecret(match[1]!)) {
    throw new AppError('no_authorization', 'API tokens work on /api only: sign in to manage your account');
  }
  const claims = await deps.tokens.verify(match[1]!);
  if (!claims) {
    throw new AppError('bad_jwt', 'Invalid JWT: the access token is malformed, expired or not from this server');
  }
  const session = await deps.prisma.authSession.findUnique({
    where: { id: claims.session_id },
    select: { userId: true, aal: true, revokedAt: true, notAfter: true, user: { select: { email: true } } },
  });
  if (
    !session ||
    session.revokedAt ||
    session.userId !== claims.sub ||
    session.notAfter.getTime() <= deps.clock.now()
  ) {
    throw new AppError('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  const aal: Aal = claims.aal === 'aal2' && session.aal === 'aal2' ? 'aal2' : 'aal1';
  return { userId: session.userId, sessionId: claims.session_id, aal, email: session.user.email };
}
