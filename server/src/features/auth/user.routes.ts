import { Router, type RequestHandler } from 'express';
import { updateUserBodySchema } from '#contract/auth.ts';
import type { AuthDeps } from './auth-deps.ts';
import { parseInput, requireSession } from './auth-http.ts';
import { safeRedirect } from './redirects.ts';
import { getUser, reauthenticate, updateUser } from './user.service.ts';

/** The signed-in user: read, update, and the reauthentication code. */
export function userRoutes(deps: AuthDeps): Router {
  const router = Router();

  router.get('/user', async (req, res) => {
    res.json(await getUser(deps, await requireSession(deps, req)));
  });

  router.put('/user', async (req, res) => {
    const auth = await requireSession(deps, req);
    const body = parseInput(updateUserBodySchema, req.body);
    const redirectTo = safeRedirect(deps.siteUrl, req.query.redirect_to, '/');
    res.json(await updateUser(deps, auth, body, redirectTo));
  });

  // auth-js calls GET (as GoTrue routes it); POST is accepted too. Either needs the bearer token, so a
  // cross-site page cannot trigger it.
  const sendCode: RequestHandler = async (req, res) => {
    await reauthenticate(deps, await requireSession(deps, req));
    res.json({});
  };
  router.get('/reauthenticate', sendCode);
  router.post('/reauthenticate', sendCode);

  return router;
}
