import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { AppError } from '../../errors.ts';
import type { AuthInfo, Authenticate } from '../../http/auth-info.ts';
import { createAuthGuard, liveSession, type GuardDeps } from './api-guard.ts';

/**
 * Signed passes for links a browser follows as a page (the billing portal): a navigation carries no bearer
 * token, so the link carries a pass naming the session that was shown it, what it opens, and until when. The
 * session is checked again when the link is opened, so signing out ends its links too.
 */
export interface LinkPasses {
  issue(auth: AuthInfo, scope: string): string;
  /** Bearer token when the request has one (API clients), else the link's `ticket` for the request's scope. */
  guard(scopeOf: (req: Request) => string): Authenticate;
}

/** Long enough for a settings page left open a while; /api/me hands out fresh ones on every read. */
const PASS_LIFETIME_MS = 60 * 60 * 1000;

interface Pass {
  u: string;
  s: string;
  a: AuthInfo['aal'];
  scope: string;
  exp: number;
}

const expired = () =>
  new AppError('unauthorized', 'This link has expired or is not valid. Open Settings again and use the link there.');

export function createLinkPasses(deps: GuardDeps & { secret: string }): LinkPasses {
  // A key of its own, so a pass can never be taken for an access token or anything else signed with the secret.
  const key = createHash('sha256').update('polyblok link pass\n').update(deps.secret).digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  const bearer = createAuthGuard(deps);

  function read(ticket: string, scope: string): Pass {
    const [body = '', signature = ''] = ticket.split('.');
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw expired();
    const pass = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Pass;
    if (pass.scope !== scope || pass.exp <= deps.clock.now()) throw expired();
    return pass;
  }

  return {
    issue(auth, scope) {
      const pass: Pass = {
        u: auth.userId,
        s: auth.sessionId,
        a: auth.aal,
        scope,
        exp: deps.clock.now() + PASS_LIFETIME_MS,
      };
      const body = Buffer.from(JSON.stringify(pass)).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    guard(scopeOf) {
      return async (req) => {
        const ticket = req.query.ticket;
        if (req.get('authorization') !== undefined || typeof ticket !== 'string') return bearer(req);
        const pass = read(ticket, scopeOf(req));
        return liveSession(deps, { userId: pass.u, sessionId: pass.s, aal: pass.a });
      };
    },
  };
}
