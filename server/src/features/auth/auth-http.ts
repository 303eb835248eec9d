import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { findUnsafeInput } from '../../http/input-safety.ts';
import type { Aal } from './access-tokens.ts';
import type { AuthDeps } from './auth-deps.ts';
import { AppError } from '../../errors.ts';
import { invalidInput } from './auth-errors.ts';
import type { ClientInfo } from './sessions.service.ts';

/** Parses a part of the request with a contract schema; the first problem becomes GoTrue's validation error. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const unsafe = findUnsafeInput(value, 'body');
  if (unsafe) throw invalidInput(unsafe.message);
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  const message =
    issue.code === 'invalid_type' && issue.input === undefined && field ? `${field} is required` : issue.message;
  throw invalidInput(message);
}

/** A body is JSON or nothing: a form post cannot reach an auth endpoint by way of a "simple" cross-site request. */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is('application/json')) {
    next(new AppError('bad_json', 'Send the request body as JSON (Content-Type: application/json)', { status: 415 }));
    return;
  }
  next();
};

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

/** The caller of an /auth/v1 endpoint that needs a signed-in user, with GoTrue's errors when there is none. */
export async function requireSession(deps: AuthDeps, req: Request): Promise<AuthenticatedRequest> {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError('no_authorization', 'This endpoint requires a valid Bearer token');
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
