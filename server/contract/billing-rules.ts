/**
 * What a subscription's Stripe status means for a space, for the server (allowance, what /api/me shows) and the
 * browser (the card and the spaces list). No zod here: the browser bundles this module.
 */

/** Stripe's subscription statuses (https://docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export const subscriptionStatuses = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'paused',
  'incomplete',
  'incomplete_expired',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The plan's AI allowance holds while the subscription is paid or in its trial. */
export function hasPlanAllowance(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'trialing';
}

/**
 * Shown as the space's subscription: paid, in trial, or waiting for a failed payment to be settled. An
 * unfinished checkout (incomplete), one that lapsed, a paused or a canceled subscription is no subscription.
 */
export function isShownSubscription(status: SubscriptionStatus): boolean {
  return hasPlanAllowance(status) || paymentFailed(status);
}

/** A renewal payment failed and Stripe is retrying it (past_due) or gave up retrying (unpaid). */
export function paymentFailed(status: SubscriptionStatus): boolean {
  return status === 'past_due' || status === 'unpaid';
}
