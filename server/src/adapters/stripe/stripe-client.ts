import Stripe from 'stripe';
import type { Env } from '../../env.ts';

export type { Stripe };

/** What billing needs from the environment; null when billing is off (no secret key). */
export interface StripeSettings {
  client: Stripe;
  webhookSecret: string;
  entryPlanPriceId: string;
}

/**
 * The official client, pointed at STRIPE_API_URL when set (a local stand-in speaks the same API), so the same
 * code runs against Stripe itself. loadEnv refuses a key without the webhook secret and the price.
 */
export function stripeFromEnv(env: Env): StripeSettings | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_ENTRY_PLAN_PRICE_ID) return null;
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const client = new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Polyblok' },
    ...(api
      ? {
          protocol: api.protocol === 'http:' ? 'http' : 'https',
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
        }
      : {}),
  });
  return { client, webhookSecret: env.STRIPE_WEBHOOK_SECRET, entryPlanPriceId: env.STRIPE_ENTRY_PLAN_PRICE_ID };
}

/** Stripe's errors that mean "not reachable or refused": billing_unavailable, nothing changed here. */
export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}
