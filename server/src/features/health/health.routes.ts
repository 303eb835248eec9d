import { Router } from 'express';
import { getHealth, type HealthResponse } from '#contract/health.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import { checkHealth, healthStatusCode, type HealthDeps } from './health.service.ts';

export function healthRoutes(bind: BindRoute, deps: HealthDeps): Router {
  const router = Router();
  bind(router, getHealth, () => checkHealth(deps), {
    auth: 'public',
    statusOf: (output) => healthStatusCode(output as HealthResponse),
  });
  return router;
}
