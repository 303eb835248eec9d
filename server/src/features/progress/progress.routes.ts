import { Router } from 'express';
import { getLanguageProgress, getSpacesTrend } from '#contract/progress.ts';
import type { Database } from '../../db/prisma.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import { languageProgress, spacesTrend } from './progress.service.ts';

/** The progress of a space's languages over time, and of each of the caller's spaces. */
export function progressRoutes(bind: BindRoute, deps: { prisma: Database }): Router {
  const { prisma } = deps;
  const router = Router();
  bind(router, getLanguageProgress, ({ params, query }) => languageProgress(prisma, params.id, query.days), {
    space: ({ params }) => params.id,
  });
  bind(router, getSpacesTrend, ({ query, auth }) => spacesTrend(prisma, auth.userId, query.days));
  return router;
}
