import { Router } from 'express';
import { getWebhookSettings, receiveStoryblokWebhook } from '#contract/webhooks.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import { receiveWebhook, webhookSettings, type WebhookDeps } from './webhooks.service.ts';

export function webhooksRoutes(bind: BindRoute, deps: WebhookDeps & { siteUrl: () => string }): Router {
  const router = Router();
  bind(
    router,
    receiveStoryblokWebhook,
    ({ body, req }) =>
      receiveWebhook(deps, {
        raw: (req as typeof req & { rawBody?: Buffer }).rawBody,
        signature: req.get('webhook-signature'),
        action: body.action,
        storyblokSpaceId: body.space_id,
        storyId: body.story_id,
      }),
    // Storyblok posts whole payloads; stories can be large, so the event body may be too.
    { auth: 'public', bodyLimit: '5mb' },
  );
  bind(router, getWebhookSettings, ({ params }) => webhookSettings(deps, deps.siteUrl(), params.id), {
    space: ({ params }) => params.id,
  });
  return router;
}
