import { Router } from 'express';
import { getUser, reauthenticate, updateUser } from '#contract/auth.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import type { AuthDeps } from './auth-deps.ts';
import { clientInfo, type AuthenticatedRequest } from './auth-http.ts';
import { safeRedirect } from './redirects.ts';
import * as users from './user.service.ts';

/** The signed-in user: read, update, and the reauthentication code. */
export function userRoutes(bind: BindRoute<AuthenticatedRequest>, deps: AuthDeps): Router {
  const router = Router();

  bind(router, getUser, ({ auth }) => users.getUser(deps, auth));

  bind(router, updateUser, ({ auth, body, query, req }) =>
    users.updateUser(deps, auth, body, safeRedirect(deps.siteUrl, query.redirect_to, '/'), clientInfo(req)),
  );

  // Either method needs the bearer token, so a cross-site page cannot trigger it.
  bind(router, reauthenticate, async ({ auth }) => {
    await users.reauthenticate(deps, auth);
    return {};
  });

  return router;
}
