import { Router } from 'express';
import {
  aiTranslate,
  cancelTranslationBatch,
  createTranslationAsks,
  getTranslationBatch,
  translateFolder,
  type FolderRunEstimate,
} from '#contract/content-writes.ts';
import { isFolderRunEstimate } from '#contract/folder-run-rules.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import { spaceOfLocale, TRANSLATION_BODY_LIMIT } from '../content/index.ts';
import type { AiDeps } from './ai-deps.ts';
import { aiTranslateValue } from './ai-translate.service.ts';
import { createTranslationAsks as askForTranslations } from './asks.service.ts';
import * as batches from './batches.service.ts';
import { estimateFolderRun } from './folder-estimate.service.ts';

/** AI translation: one value in the editor, asks for selected keys, a folder as one run with progress. */
export function aiRoutes(bind: BindRoute, deps: AiDeps): Router {
  const { prisma } = deps;
  const router = Router();
  const byLocale = ({ body }: { body: { space_locale_id: number } }) => spaceOfLocale(body.space_locale_id);
  const byBatch = ({ params }: { params: { batchId: string } }) => batches.spaceOfBatch(prisma, params.batchId);

  bind(
    router,
    createTranslationAsks,
    ({ body, member, auth }) => askForTranslations(deps, member!.spaceId, auth.userId, body),
    { space: byLocale },
  );
  bind(router, aiTranslate, ({ body, member }) => aiTranslateValue(deps, member!.spaceId, body), {
    space: byLocale,
    bodyLimit: TRANSLATION_BODY_LIMIT,
  });
  bind(
    router,
    translateFolder,
    ({ body, member, auth }) =>
      body.dry_run
        ? estimateFolderRun(deps, member!.spaceId, body)
        : batches.translateFolder(deps, member!.spaceId, auth.userId, body),
    // A dry run only answers; the run itself is accepted to happen later.
    {
      space: ({ body }) => body.space_id,
      statusOf: (output) => (isFolderRunEstimate(output as FolderRunEstimate) ? 200 : 202),
    },
  );
  bind(router, getTranslationBatch, ({ params }) => batches.getBatch(prisma, params.batchId), { space: byBatch });
  bind(router, cancelTranslationBatch, ({ params }) => batches.cancelBatch(deps, params.batchId), { space: byBatch });
  return router;
}
