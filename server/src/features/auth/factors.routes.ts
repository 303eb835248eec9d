import { Router } from 'express';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from '#contract/auth.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import type { AuthDeps } from './auth-deps.ts';
import { clientInfo, type AuthenticatedRequest } from './auth-http.ts';
import * as mfa from './mfa.service.ts';

/** TOTP two-factor: enrol, challenge, verify (to aal2), unenrol. */
export function factorsRoutes(bind: BindRoute<AuthenticatedRequest>, deps: AuthDeps): Router {
  const router = Router();

  bind(router, enrollFactor, ({ auth, body }) => mfa.enrollTotp(deps, auth, body));

  bind(router, challengeFactor, ({ auth, params, req }) => mfa.challengeFactor(deps, auth, params.id, clientInfo(req)));

  bind(router, verifyFactor, ({ auth, params, body, req }) =>
    mfa.verifyFactor(deps, auth, params.id, { challengeId: body.challenge_id, code: body.code }, clientInfo(req)),
  );

  bind(router, unenrollFactor, ({ auth, params }) => mfa.unenrollFactor(deps, auth, params.id));

  return router;
}
