import express, { type Express, type Router } from 'express';
import type { Env } from './env.ts';
import type { Database } from './db/prisma.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { apiNotFound, errorMiddleware } from './http/error-middleware.ts';
import { requestLog } from './http/request-log.ts';
import { createRouteBinder, type BindRoute } from './http/route-binder.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Logger } from './logger.ts';

/** What the routes need from the running process; tests build it on an in-memory database. */
export interface AppContext {
  env: Env;
  prisma: Database;
  queue: JobQueue;
  logger: Logger;
  version: string;
  /** True once shutdown began: health turns 503 so traffic drains away first. */
  isStopping: () => boolean;
}

export interface AppOptions {
  /** Check every answer against the contract; on in tests. */
  validateResponses?: boolean;
  /** Routes mounted after the product's API routes (tests drive the contract binder through them). */
  extraRoutes?: (bind: BindRoute) => Router | undefined;
  /** Adds the routes that serve the front ends (built files or Vite) after the API. */
  mountFrontEnds?: (app: Express) => void;
}

export function createApp(context: AppContext, options: AppOptions = {}): Express {
  const { env, logger } = context;
  const app = express();
  app.disable('x-powered-by');
  // Identical query keys become arrays (?a=1&a=2); schemas that expect one value reject them.
  app.set('query parser', 'simple');

  app.use(requestLog(logger));
  app.use(securityHeaders({ panelFrameAncestors: env.STORYBLOK_APP_ORIGINS, dev: env.NODE_ENV === 'development' }));

  const bind = createRouteBinder({ validateResponses: options.validateResponses ?? env.NODE_ENV === 'test' });
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(
    healthRoutes(bind, {
      prisma: context.prisma,
      queue: context.queue,
      databaseKind: env.DATABASE_URL.kind,
      version: context.version,
      isStopping: context.isStopping,
    }),
  );
  const extra = options.extraRoutes?.(bind);
  if (extra) app.use(extra);
  app.use('/api', apiNotFound);

  options.mountFrontEnds?.(app);
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(errorMiddleware(logger));
  return app;
}
