import { Router } from 'express';
import { getHealth, type HealthResponse } from '#contract/health.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/database-unavailable.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import { checkHealth, healthStatusCode, type HealthDeps } from './health.service.ts';

export function healthRoutes(bind: BindRoute, deps: HealthDeps): Router {
  const router = Router();
  bind(
    router,
    getHealth,
    async ({ res }) => {
      const health = await checkHealth(deps);
      if (health.database.status === 'down') res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return health;
    },
    {
      auth: 'public',
      statusOf: (output) => healthStatusCode(output as HealthResponse),
    },
  );
  return router;
}
