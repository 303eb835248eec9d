import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { spaceParamsSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';

/**
 * Starts the Entry Plan's Stripe Checkout for a space (owners only): answers the checkout page to send the
 * browser to. 409 `billing_not_configured` without Stripe, 409 `already_subscribed` while the space has a
 * subscription.
 */
export const startCheckout = defineEndpoint('startCheckout', {
  params: spaceParamsSchema,
  response: z.object({ url: z.string() }),
  role: leastRoleFor.subscription,
});

/**
 * Opens Stripe's billing portal for the space's customer: a redirect (302) to a new portal session whose return
 * button leads to `back_to`, a path of this site (anything else: the space's Settings). A browser follows it as
 * a link, without the bearer token: `ticket` is the signed pass /api/me puts into `billing_portal_url`.
 */
export const openBillingPortal = defineEndpoint('openBillingPortal', {
  params: spaceParamsSchema,
  query: z.object({
    back_to: z.string().max(2000).optional(),
    ticket: z.string().max(1000).optional(),
  }),
  response: z.string(),
  status: 302,
  role: leastRoleFor.subscription,
});

/**
 * Stripe's webhook. The body is read as Stripe sent it and checked against the `Stripe-Signature` header with
 * the webhook secret: 400 `invalid_signature` for a wrong or stale (over five minutes) signature.
 */
export const receiveStripeWebhook = defineEndpoint('receiveStripeWebhook', {
  body: z.unknown(),
  response: z.object({ received: z.boolean() }),
});
