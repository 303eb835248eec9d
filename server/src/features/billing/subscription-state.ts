import { isShownSubscription, subscriptionStatuses, type SubscriptionStatus } from '#contract/billing-rules.ts';
import type { Stripe } from '../../adapters/stripe/stripe-client.ts';
import type { DatabaseTransaction } from '../../db/prisma.ts';

/** Stripe's subscription as Polyblok keeps it for a space. */
interface SubscriptionRow {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  priceId: string | null;
  priceCents: number;
  nextBillingDate: Date | null;
  cancelAtPeriodEnd: boolean;
}

function toRow(subscription: Stripe.Subscription): SubscriptionRow | null {
  const status = subscription.status as SubscriptionStatus;
  if (!subscriptionStatuses.includes(status)) return null;
  // The Entry Plan is one item; since Stripe's 2025-03-31 API the billing period lives on the item.
  const item = subscription.items.data[0];
  const customer = subscription.customer;
  return {
    id: subscription.id,
    customerId: typeof customer === 'string' ? customer : customer.id,
    status,
    priceId: item?.price.id ?? null,
    priceCents: item?.price.unit_amount ?? 0,
    nextBillingDate: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** The space a subscription belongs to: its metadata (set at checkout), else what the event names. */
function spaceIdOf(subscription: Stripe.Subscription, named: string | null | undefined): number | null {
  const raw = subscription.metadata?.space_id ?? named;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Stores the subscription as Stripe has it now for its space. Another subscription of the same space replaces
 * what is stored only when that one has ended, or when the new one is live: a late event about an old,
 * cancelled subscription never hides the space's current one. A space deleted meanwhile is left alone.
 */
export async function storeSubscription(
  tx: DatabaseTransaction,
  subscription: Stripe.Subscription,
  namedSpace?: string | null,
): Promise<void> {
  const row = toRow(subscription);
  const spaceId = spaceIdOf(subscription, namedSpace);
  if (!row || spaceId === null) return;
  const space = await tx.space.findUnique({ where: { id: spaceId }, select: { id: true } });
  if (!space) return;
  const stored = await tx.subscription.findUnique({ where: { spaceId }, select: { id: true, status: true } });
  const replaces =
    !stored || stored.id === row.id || !isShownSubscription(stored.status) || isShownSubscription(row.status);
  if (!replaces) return;
  await tx.subscription.upsert({ where: { spaceId }, create: { spaceId, ...row }, update: row });
}
