import type { Stripe } from '../../adapters/stripe/stripe-client.ts';
import { isShownSubscription } from '#contract/billing-rules.ts';
import { AppError } from '../../errors.ts';
import { requireStripe, settingsUrl, type BillingDeps } from './billing-deps.ts';
import { callStripe } from './stripe-calls.ts';

/**
 * The owner's Stripe customer: made once, then reused for every space they subscribe (one customer, one
 * set of invoices and cards). Two first checkouts at once may both create one in Stripe; the first stored wins
 * and the other stays unused there.
 */
async function customerOf(deps: BillingDeps, client: Stripe, userId: string): Promise<string> {
  const known = await deps.prisma.billingCustomer.findUnique({ where: { userId }, select: { customerId: true } });
  if (known) return known.customerId;
  const user = await deps.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, name: true },
  });
  const customer = await callStripe('create the customer', () =>
    client.customers.create({
      email: user.email,
      ...(user.name ? { name: user.name } : {}),
      metadata: { polyblok_user_id: userId },
    }),
  );
  await deps.prisma.billingCustomer.createMany({
    data: [{ userId, customerId: customer.id }],
    skipDuplicates: true,
  });
  const stored = await deps.prisma.billingCustomer.findUniqueOrThrow({
    where: { userId },
    select: { customerId: true },
  });
  return stored.customerId;
}

/**
 * A Checkout session for the Entry Plan in the space's name: the space rides along in `client_reference_id`
 * and in the subscription's metadata, which is how the webhooks find it. Nothing is stored here: the
 * subscription exists for Polyblok once Stripe's webhook says so.
 */
export async function startCheckout(deps: BillingDeps, spaceId: number, userId: string): Promise<{ url: string }> {
  const stripe = requireStripe(deps);
  const current = await deps.prisma.subscription.findUnique({ where: { spaceId }, select: { status: true } });
  if (current && isShownSubscription(current.status)) {
    throw new AppError(
      'already_subscribed',
      'This space already has a subscription. Change or cancel it in the billing portal.',
    );
  }
  const customer = await customerOf(deps, stripe.client, userId);
  const back = settingsUrl(deps.siteUrl, spaceId);
  const metadata = { space_id: String(spaceId) };
  const session = await callStripe('start the checkout', () =>
    stripe.client.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: String(spaceId),
      line_items: [{ price: stripe.entryPlanPriceId, quantity: 1 }],
      metadata,
      subscription_data: { metadata },
      success_url: `${back}?checkout=success`,
      cancel_url: `${back}?checkout=cancelled`,
    }),
  );
  if (!session.url) throw new AppError('billing_unavailable', 'Stripe gave no checkout page. Nothing was changed.');
  return { url: session.url };
}
