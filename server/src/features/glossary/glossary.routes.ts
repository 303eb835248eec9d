import { Router } from 'express';
import { createGlossaryTerm, deleteGlossaryTerm, listGlossaryTerms, updateGlossaryTerm } from '#contract/glossary.ts';
import { getStyleGuide, updateStyleGuide } from '#contract/style-guide.ts';
import type { Database } from '../../db/prisma.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import * as glossary from './glossary.service.ts';
import * as styleGuides from './style-guide.service.ts';

const byPathId = ({ params }: { params: { id: number } }) => params.id;

/** The space's glossary and its languages' style guides; the AI and the checks read both (locale-glossary.ts, styleGuideFor). */
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
  bind(
    router,
    getStyleGuide,
    ({ params, query }) => styleGuides.getStyleGuide(prisma, params.id, query.space_locale_id),
    space,
  );
  bind(
    router,
    updateStyleGuide,
    ({ params, query, body, auth }) =>
      styleGuides.updateStyleGuide(prisma, params.id, auth.userId, query.space_locale_id, body),
    space,
  );
  return router;
}
