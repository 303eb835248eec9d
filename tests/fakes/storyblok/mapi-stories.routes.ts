import { Router, type Request } from 'express';
import { handle, httpError, numericParam, paginate, queryString, setPageHeaders, truthy } from './http-kit.ts';
import { spaceFor, type FakeContext } from './mapi-auth.ts';
import type { SpaceEntry } from './state.ts';
import { filterStories, sortStories } from './story-query.ts';
import { mapiDetail, mapiListItem } from './story-views.ts';
import { createStory, deleteStory, publishStored, saveStory, unpublishStored, type WriteBody } from './story-writes.ts';
import type { StoredStory } from './types.ts';

function storyIn(ctx: FakeContext, entry: SpaceEntry, rawId: string | string[] | undefined): StoredStory {
  const storyId = numericParam(rawId);
  const stored = storyId === null ? undefined : entry.stories.get(storyId);
  if (!stored) throw httpError(ctx.behaviour, 'notFound');
  return stored;
}

/** The OpenAPI types list publish/lang/force_update as query params, the docs as body props: take either. */
function writeBody(req: Request): WriteBody {
  const body = (req.body ?? {}) as WriteBody;
  return {
    story: body.story,
    publish: body.publish ?? queryString(req, 'publish'),
    lang: body.lang ?? queryString(req, 'lang'),
    force_update: body.force_update ?? queryString(req, 'force_update'),
  };
}

export function mapiStoriesRouter(ctx: FakeContext): Router {
  const router = Router();
  const { state } = ctx;

  router.get(
    '/spaces/:spaceId/stories',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const stories = filterStories(
        req,
        [...entry.stories.values()].map((s) => s.story),
      );
      const ordered = queryString(req, 'by_uuids_ordered')
        ? stories
        : sortStories(stories, queryString(req, 'sort_by') ?? ctx.behaviour.mapiDefaultSort);
      const page = paginate(req, ordered, 100);
      const options = {
        withSummary: truthy(queryString(req, 'with_summary')),
        withTranslatedStories: truthy(queryString(req, 'with_translated_stories')),
      };
      setPageHeaders(res, page);
      res.json({ stories: page.items.map((s) => mapiListItem(state, entry.space.id, s, options)) });
    }),
  );

  router.get(
    '/spaces/:spaceId/stories/:storyId',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const stored = storyIn(ctx, entry, req.params.storyId);
      res.json({ story: mapiDetail(state, entry.space.id, stored.story) });
    }),
  );

  router.put(
    '/spaces/:spaceId/stories/:storyId',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const stored = storyIn(ctx, entry, req.params.storyId);
      const story = saveStory(state, entry.space.id, stored.story.id, writeBody(req));
      res.json({ story: mapiDetail(state, entry.space.id, story) });
    }),
  );

  router.post(
    '/spaces/:spaceId/stories',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const story = createStory(state, entry.space.id, writeBody(req));
      res.status(201).json({ story: mapiDetail(state, entry.space.id, story) });
    }),
  );

  router.delete(
    '/spaces/:spaceId/stories/:storyId',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const stored = storyIn(ctx, entry, req.params.storyId);
      const view = mapiDetail(state, entry.space.id, stored.story);
      deleteStory(state, entry.space.id, stored.story.id);
      res.json({ story: view });
    }),
  );

  router.get(
    '/spaces/:spaceId/stories/:storyId/publish',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const stored = storyIn(ctx, entry, req.params.storyId);
      publishStored(state, entry.space.id, stored, queryString(req, 'lang'));
      res.json({ story: mapiDetail(state, entry.space.id, stored.story) });
    }),
  );

  router.get(
    '/spaces/:spaceId/stories/:storyId/unpublish',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const stored = storyIn(ctx, entry, req.params.storyId);
      unpublishStored(state, entry.space.id, stored);
      res.json({ story: mapiDetail(state, entry.space.id, stored.story) });
    }),
  );

  return router;
}
