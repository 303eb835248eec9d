import { Router } from 'express';
import { getAssociatedKeys, getFolder, getRootFolder, getStory } from '#contract/content.ts';
import {
  aiTranslate,
  applyToAssociated,
  cancelTranslationBatch,
  createTranslationAsks,
  getTranslationBatch,
  markAsUnverified,
  markAsVerified,
  saveTranslation,
  translateFolder,
} from '#contract/content-writes.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import type { AiDeps } from '../ai/ai-deps.ts';
import { aiTranslateValue } from '../ai/ai-translate.service.ts';
import { createTranslationAsks as askForTranslations } from '../ai/asks.service.ts';
import * as batches from '../ai/batches.service.ts';
import * as associated from './associated.service.ts';
import { spaceOfLocale, spaceOfStory } from './content-scope.ts';
import * as folders from './folder.service.ts';
import * as stories from './story.service.ts';
import * as translations from './translations.service.ts';

/** Large richtext translations are allowed; the rest of the API keeps small bodies. */
const TRANSLATION_BODY_LIMIT = '1mb';

export function contentRoutes(bind: BindRoute, deps: AiDeps): Router {
  const { prisma } = deps;
  const router = Router();
  const byLocale = ({ body }: { body: { space_locale_id: number } }) => spaceOfLocale(prisma, body.space_locale_id);

  bind(router, getRootFolder, ({ query, member }) => folders.getFolder(prisma, member!.spaceId, query.locale, null), {
    space: ({ query }) => query.space_id,
  });
  bind(
    router,
    getFolder,
    ({ params, query, member }) => folders.getFolder(prisma, member!.spaceId, query.locale, params.folderId),
    {
      space: ({ query }) => query.space_id,
    },
  );
  bind(router, getStory, ({ params, query }) => stories.getStoryDetail(prisma, params.storyId, query.locale), {
    space: ({ params }) => spaceOfStory(prisma, params.storyId),
  });
  bind(router, getAssociatedKeys, ({ query, member }) => associated.getAssociatedKeys(prisma, member!.spaceId, query), {
    space: ({ query }) => spaceOfLocale(prisma, query.space_locale_id),
  });
  bind(
    router,
    saveTranslation,
    ({ body, member, auth }) => translations.saveTranslation(deps, member!.spaceId, auth.userId, body),
    {
      space: byLocale,
      bodyLimit: TRANSLATION_BODY_LIMIT,
    },
  );
  bind(router, markAsVerified, ({ body, member }) => translations.setVerified(deps, member!.spaceId, body, true), {
    space: ({ body }) => spaceOfLocale(prisma, body[0]!.space_locale_id),
    bodyLimit: '512kb',
  });
  bind(router, markAsUnverified, ({ body, member }) => translations.setVerified(deps, member!.spaceId, body, false), {
    space: ({ body }) => spaceOfLocale(prisma, body[0]!.space_locale_id),
    bodyLimit: '512kb',
  });
  bind(
    router,
    applyToAssociated,
    ({ body, member, auth }) => translations.applyToAssociated(deps, member!.spaceId, auth.userId, body),
    {
      space: byLocale,
    },
  );
  bind(
    router,
    createTranslationAsks,
    ({ body, member, auth }) => askForTranslations(deps, member!.spaceId, auth.userId, body),
    {
      space: byLocale,
    },
  );
  bind(router, aiTranslate, ({ body, member }) => aiTranslateValue(deps, member!.spaceId, body), {
    space: byLocale,
    bodyLimit: TRANSLATION_BODY_LIMIT,
  });
  bind(
    router,
    translateFolder,
    ({ body, member, auth }) => batches.translateFolder(deps, member!.spaceId, auth.userId, body),
    {
      space: ({ body }) => body.space_id,
    },
  );
  bind(router, getTranslationBatch, ({ params }) => batches.getBatch(prisma, params.batchId), {
    space: ({ params }) => batches.spaceOfBatch(prisma, params.batchId),
  });
  bind(router, cancelTranslationBatch, ({ params }) => batches.cancelBatch(deps, params.batchId), {
    space: ({ params }) => batches.spaceOfBatch(prisma, params.batchId),
  });
  return router;
}
