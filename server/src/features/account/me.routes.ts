import { Router } from 'express';
import { getMe } from '#contract/me.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import { getAccount, type MeDeps } from './me.service.ts';

export function meRoutes(bind: BindRoute, deps: MeDeps): Router {
  const router = Router();
  bind(router, getMe, ({ auth }) => getAccount(deps, auth));
  return router;
}
