import { Router } from 'express';
import { openBillingPortal, receiveStripeWebhook, startCheckout } from '#contract/billing.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import type { BillingDeps } from './billing-deps.ts';
import { startCheckout as checkout } from './checkout.service.ts';
import { openPortal } from './portal.service.ts';
import { receiveStripeWebhook as receive } from './stripe-webhook.service.ts';

/**
 * `bind` is the product API's binder; `bindLink` authenticates by bearer token or by a link's signed pass, for
 * the portal, which a browser opens as a page.
 */
export function billingRoutes(bind: BindRoute, bindLink: BindRoute, deps: BillingDeps): Router {
  const router = Router();
  bind(router, startCheckout, ({ params, auth }) => checkout(deps, params.id, auth.userId), {
    space: ({ params }) => params.id,
  });
  bindLink(router, openBillingPortal, ({ params, query }) => openPortal(deps, params.id, query.back_to), {
    space: ({ params }) => params.id,
  });
  bind(
    router,
    receiveStripeWebhook,
    ({ req }) =>
      receive(deps, {
        raw: (req as typeof req & { rawBody?: Buffer }).rawBody,
        signature: req.get('stripe-signature'),
      }),
    // Stripe's event objects are small, but an invoice with many lines is not.
    { auth: 'public', bodyLimit: '1mb' },
  );
  return router;
}
