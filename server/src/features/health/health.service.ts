import type { HealthResponse } from '#contract/health.ts';
import { databaseUnavailable } from '../../db/database-unavailable.ts';
import type { Database } from '../../db/prisma.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';

export interface HealthDeps {
  prisma: Database;
  queue: JobQueue;
  databaseKind: 'pglite' | 'postgres';
  version: string;
  isStopping: () => boolean;
}

export async function checkHealth(deps: HealthDeps): Promise<HealthResponse> {
  const databaseUp = await deps.prisma.$queryRaw`SELECT 1`.then(
    () => true,
    () => false,
  );
  const queueUp = deps.queue.isUp();
  let status: HealthResponse['status'] = 'ok';
  if (deps.isStopping()) status = 'stopping';
  else if (!databaseUp) status = 'down';
  else if (!queueUp) status = 'degraded';
  // A database that is down is said as every other endpoint says it then.
  const lost = databaseUp ? null : databaseUnavailable();
  return {
    status,
    version: deps.version,
    database: { status: databaseUp ? 'up' : 'down', kind: deps.databaseKind },
    queue: { status: queueUp ? 'up' : 'down' },
    ...(lost ? { code: lost.code, message: lost.message } : {}),
  };
}

/** Load balancers read the status code: only a server that can serve requests answers 200. */
export function healthStatusCode(health: HealthResponse): number {
  return health.status === 'ok' || health.status === 'degraded' ? 200 : 503;
}
