import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express, Router } from 'express';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { createApp, type AppOptions } from '#server/app.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { loadEnv, type Env } from '#server/env.ts';
import type { BindRoute } from '#server/http/route-binder.ts';
import type { JobDefinition } from '#server/jobs/define-job.ts';
import { createJobQueue, type JobQueue } from '#server/jobs/job-queue.ts';
import { createLogger } from '#server/logger.ts';
import { LogCapture } from './log-capture.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestServer {
  baseUrl: string;
  env: Env;
  prisma: Database;
  queue: JobQueue;
  database: TestDatabase;
  logs: LogCapture;
  /** Makes health and readiness answer as during a shutdown. */
  setStopping(value: boolean): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  jobs?: JobDefinition[];
  /** Routes only a test needs (for example, to drive the contract binder with a body). */
  extraRoutes?: (bind: BindRoute) => Router;
  mountFrontEnds?: AppOptions['mountFrontEnds'];
}

/** The real app on a real database and a real port, as a client sees it. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  await applyPendingMigrations(database.driver);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...options.env });
  env.DATABASE_URL = database.driver.target;
  const logs = new LogCapture();
  const logger = createLogger({ level: env.LOG_LEVEL, destination: logs });
  const prisma = createPrisma(database.driver);
  const queue = createJobQueue({ driver: database.driver, jobs: options.jobs ?? [], logger });
  await queue.start();
  let stopping = false;
  const app: Express = createApp(
    { env, prisma, queue, logger, version: 'test', isStopping: () => stopping },
    { validateResponses: true, extraRoutes: options.extraRoutes, mountFrontEnds: options.mountFrontEnds },
  );
  const server: Server = createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    env,
    prisma,
    queue,
    database,
    logs,
    setStopping: (value) => {
      stopping = value;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await queue.stop(5000);
      await prisma.$disconnect();
      await database.dispose();
    },
  };
}
