import { Router } from 'express';
import { getAssociatedKeys, getFolder, getRootFolder, getStory, markStoryOpen } from '#contract/content.ts';
import { searchContent } from '#contract/content-search.ts';
import { getKeyHistory, revertTranslation } from '#contract/content-history.ts';
import { applyToAssociated, markAsUnverified, markAsVerified, saveTranslation } from '#contract/content-writes.ts';
import { retryWriteBack } from '#contract/write-back.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import * as associated from './associated.service.ts';
import { spaceOfLocale, spaceOfStory, storyNotFound } from './content-scope.ts';
import * as folders from './folder.service.ts';
import * as history from './history.service.ts';
import * as presence from './presence.service.ts';
import * as search from './search.service.ts';
import * as stories from './story.service.ts';
import { retryStoryWriteBack } from './story-write-back.service.ts';
import * as translations from './translations.service.ts';
import { saveTranslation as saveOne } from './save-translation.ts';
import { setVerified } from './verify.service.ts';

/** Large richtext translations are allowed; the rest of the API keeps small bodies. */
export const TRANSLATION_BODY_LIMIT = '1mb';

/** Reading content, and the translator's writes: save, verify, apply to associated keys, retry a write-back. */
export function contentRoutes(
  bind: BindRoute,
  deps: translations.ContentDeps & { queue: Pick<JobQueue, 'send' | 'cancelWaiting'> },
): Router {
  const { prisma } = deps;
  const router = Router();
  const byLocale = ({ body }: { body: { space_locale_id: number } }) => spaceOfLocale(body.space_locale_id);

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
  bind(
    router,
    getStory,
    ({ params, query, auth }) => stories.getStoryDetail(prisma, params.storyId, query.locale, auth.userId),
    { space: ({ params }) => spaceOfStory(params.storyId), notFound: storyNotFound },
  );
  bind(router, markStoryOpen, ({ params, auth }) => presence.markStoryOpen(prisma, params.storyId, auth.userId), {
    space: ({ params }) => spaceOfStory(params.storyId),
    notFound: storyNotFound,
  });
  bind(
    router,
    retryWriteBack,
    ({ params, body, member }) => retryStoryWriteBack(deps, member!.spaceId, params.storyId, body.locale),
    { space: ({ params }) => spaceOfStory(params.storyId), notFound: storyNotFound },
  );
  bind(router, searchContent, ({ query, member }) => search.searchContent(prisma, member!.spaceId, query), {
    space: ({ query }) => query.space_id,
  });
  bind(router, getAssociatedKeys, ({ query, member }) => associated.getAssociatedKeys(prisma, member!.spaceId, query), {
    space: ({ query }) => spaceOfLocale(query.space_locale_id),
  });
  bind(router, saveTranslation, ({ body, member, auth }) => saveOne(deps, member!.spaceId, auth.userId, body), {
    space: byLocale,
    bodyLimit: TRANSLATION_BODY_LIMIT,
  });
  bind(
    router,
    markAsVerified,
    ({ body, member, auth }) => setVerified(deps, member!.spaceId, auth.userId, body, true),
    {
      space: ({ body }) => spaceOfLocale(body[0]!.space_locale_id),
      bodyLimit: '512kb',
    },
  );
  bind(
    router,
    markAsUnverified,
    ({ body, member, auth }) => setVerified(deps, member!.spaceId, auth.userId, body, false),
    {
      space: ({ body }) => spaceOfLocale(body[0]!.space_locale_id),
      bodyLimit: '512kb',
    },
  );
  bind(
    router,
    applyToAssociated,
    ({ body, member, auth }) => translations.applyToAssociated(deps, member!.spaceId, auth.userId, body),
    {
      space: byLocale,
    },
  );
  bind(router, getKeyHistory, ({ query, member }) => history.getKeyHistory(prisma, member!.spaceId, query), {
    space: ({ query }) => spaceOfStory(query.story_id),
    notFound: storyNotFound,
  });
  bind(
    router,
    revertTranslation,
    ({ body, member, auth }) => history.revertTranslation(deps, member!.spaceId, auth.userId, body),
    {
      space: ({ body }) => history.spaceOfHistoryEntry(prisma, body.history_id),
      notFound: history.historyEntryNotFound,
    },
  );
  return router;
}
