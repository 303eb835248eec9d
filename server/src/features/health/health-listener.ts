import type { RequestListener } from 'node:http';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/database-unavailable.ts';
import { checkHealth, healthStatusCode, type HealthDeps } from './health.service.ts';

/**
 * The whole HTTP side of a worker process: GET /api/health as the web server answers it, so an orchestrator
 * can watch and restart workers like any other replica. Everything else is not here.
 */
export function healthListener(deps: HealthDeps, path: string): RequestListener {
  return (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== path || (req.method !== 'GET' && req.method !== 'HEAD')) {
      send(404, { code: 'route_not_found', message: 'A worker process answers only its health check.' });
      return;
    }
    checkHealth(deps).then(
      (health) => {
        if (health.database.status === 'down') res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        send(healthStatusCode(health), health);
      },
      () => send(503, { code: 'database_unavailable', message: 'The health check could not run.' }),
    );
  };
}
