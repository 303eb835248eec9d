import { Router } from 'express';
import { getReadiness, publishStory } from '#contract/publishing.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import { spaceOfStory, storyNotFound } from '../content/index.ts';
import * as publishing from './publish.service.ts';
import * as readiness from './readiness.service.ts';

/** Which stories are ready to publish in a language, and publishing them in Storyblok. */
export function publishingRoutes(bind: BindRoute, deps: publishing.PublishDeps): Router {
  const { prisma } = deps;
  const router = Router();
  bind(router, getReadiness, ({ params, query }) => readiness.getReadiness(prisma, params.id, query), {
    space: ({ params }) => params.id,
  });
  bind(
    router,
    publishStory,
    ({ body, member, auth }) => publishing.publishStory(deps, member!.spaceId, auth.userId, body),
    { space: ({ body }) => spaceOfStory(body.story_id), notFound: storyNotFound },
  );
  return router;
}
