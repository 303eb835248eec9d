import { Router } from 'express';
import { createGlossaryTerm, deleteGlossaryTerm, listGlossaryTerms, updateGlossaryTerm } from '#contract/glossary.ts';
import type { Database } from '../../db/prisma.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import * as glossary from './glossary.service.ts';

const byPathId = ({ params }: { params: { id: number } }) => params.id;

/** The space's glossary; the AI reads the same terms through features/ai/glossary-terms.ts. */
export function glossaryRoutes(bind: BindRoute, deps: { prisma: Database }): Router {
  const { prisma } = deps;
  const router = Router();
  const space = { space: byPathId };
  bind(router, listGlossaryTerms, ({ params, query }) => glossary.listTerms(prisma, params.id, query.locale), space);
  bind(
    router,
    createGlossaryTerm,
    ({ params, body, auth }) => glossary.createTerm(prisma, params.id, auth.userId, body),
    space,
  );
  bind(
    router,
    updateGlossaryTerm,
    ({ params, body, auth }) => glossary.updateTerm(prisma, params.id, auth.userId, params.termId, body),
    space,
  );
  bind(
    router,
    deleteGlossaryTerm,
    ({ params, auth }) => glossary.deleteTerm(prisma, params.id, auth.userId, params.termId),
    space,
  );
  return router;
}
