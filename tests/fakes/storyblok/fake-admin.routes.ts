import express, { Router } from 'express';
import { handle, numericParam, unprocessable } from './http-kit.ts';
import type { FakeContext } from './mapi-auth.ts';
import { mapiDetail } from './story-views.ts';
import { saveStory } from './story-writes.ts';
import type { RateLimiter, TrafficSettings } from './traffic.ts';
import type { StoryEventAction } from './state.ts';
import type { WebhookDispatcher } from './webhooks.ts';

/**
 * `/__fake`: no auth, no rate limit, no faults. For tests and benchmarks that run the fake in another process
 * and need to act as an editor, look at what was called, or turn the traffic knobs.
 */
export function fakeAdminRouter(
  ctx: FakeContext,
  traffic: TrafficSettings,
  limiter: RateLimiter,
  webhooks: WebhookDispatcher,
): Router {
  const router = Router();
  const { state } = ctx;
  router.use(express.json({ limit: '50mb' }));

  router.get(
    '/spaces/:spaceId/stories/:storyId',
    handle((req, res) => {
      const spaceId = Number(numericParam(req.params.spaceId));
      const stored = state.stored(spaceId, Number(numericParam(req.params.storyId)));
      res.json({ story: mapiDetail(state, spaceId, stored.story) });
    }),
  );

  /** An editor's save in the Visual Editor: fields given are replaced, `updated_at` moves, locks are ignored. */
  router.put(
    '/spaces/:spaceId/stories/:storyId',
    handle((req, res) => {
      const spaceId = Number(numericParam(req.params.spaceId));
      const body = (req.body ?? {}) as Record<string, unknown>;
      const story = (body.story ?? body) as Record<string, unknown>;
      const saved = saveStory(state, spaceId, Number(numericParam(req.params.storyId)), {
        story,
        publish: body.publish,
        lang: body.lang,
        force_update: '1',
      });
      res.json({ story: mapiDetail(state, spaceId, saved) });
    }),
  );

  router.put(
    '/spaces/:spaceId/stories/:storyId/lock',
    handle((req, res) => {
      const stored = state.stored(Number(numericParam(req.params.spaceId)), Number(numericParam(req.params.storyId)));
      const by = (req.body as { by?: unknown } | undefined)?.by;
      stored.lockedBy = by === null ? null : typeof by === 'string' ? by : 'another editor';
      res.json({ lockedBy: stored.lockedBy });
    }),
  );

  router.get('/requests', (_req, res) => {
    res.json({ requests: state.requests });
  });
  router.delete('/requests', (_req, res) => {
    state.requests.length = 0;
    res.status(204).end();
  });

  router.post(
    '/tokens',
    handle((req, res) => {
      const { token, spaceIds } = (req.body ?? {}) as { token?: unknown; spaceIds?: unknown };
      if (typeof token !== 'string' || !token) throw unprocessable('token', "can't be blank");
      if (!Array.isArray(spaceIds) || !spaceIds.every((id) => Number.isInteger(id))) {
        throw unprocessable('spaceIds', 'must be a list of space ids');
      }
      state.auth.addPat(token, spaceIds as number[]);
      res.status(201).json({ token, spaceIds });
    }),
  );
  router.delete('/tokens/:token', (req, res) => {
    res.status(state.auth.revoke(req.params.token) ? 204 : 404).end();
  });

  router.put('/oauth/identity', (req, res) => {
    const body = (req.body ?? {}) as Partial<typeof state.auth.identity>;
    state.auth.identity = { ...state.auth.identity, ...body };
    res.json({ identity: state.auth.identity });
  });

  router.put('/traffic', (req, res) => {
    const body = (req.body ?? {}) as Partial<TrafficSettings>;
    if ('rate' in body) traffic.rate = body.rate ?? undefined;
    if (typeof body.latencyMs === 'number') traffic.latencyMs = body.latencyMs;
    if (typeof body.failRate === 'number') traffic.failRate = body.failRate;
    limiter.reset();
    res.json({ traffic });
  });

  router.post(
    '/webhooks',
    handle((req, res) => {
      const body = (req.body ?? {}) as { url?: unknown; secret?: unknown; actions?: unknown; spaceId?: unknown };
      if (typeof body.url !== 'string' || !URL.canParse(body.url)) throw unprocessable('url', 'is invalid');
      webhooks.endpoints.push({
        url: body.url,
        secret: typeof body.secret === 'string' ? body.secret : undefined,
        actions: Array.isArray(body.actions) ? (body.actions as StoryEventAction[]) : undefined,
        spaceId: typeof body.spaceId === 'number' ? body.spaceId : undefined,
      });
      res.status(201).json({ endpoints: webhooks.endpoints.length });
    }),
  );
  router.get('/webhooks/deliveries', (_req, res) => {
    res.json({ deliveries: webhooks.deliveries });
  });

  return router;
}
