import { monthAfter, newId, nowSeconds, type FakeStripeState, type StripeObject } from './state.ts';
import { eventOf } from './webhooks.ts';

function invoiceFor(state: FakeStripeState, subscription: StripeObject, paid: boolean): StripeObject {
  const item = (subscription.items as { data: Array<{ price: { unit_amount: number } }> }).data[0]!;
  const invoice: StripeObject = {
    id: newId('in'),
    object: 'invoice',
    customer: subscription.customer,
    status: paid ? 'paid' : 'open',
    amount_due: item.price.unit_amount,
    amount_paid: paid ? item.price.unit_amount : 0,
    currency: 'usd',
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    created: nowSeconds(),
    livemode: false,
  };
  state.invoices.set(invoice.id, invoice);
  subscription.latest_invoice = invoice.id;
  return invoice;
}

/**
 * A paid checkout: the subscription starts active for a month, and Stripe emits the subscription's creation,
 * the completed session and the paid first invoice (returned in that order, to be delivered).
 */
export function completeCheckout(state: FakeStripeState, session: StripeObject): StripeObject[] {
  const start = nowSeconds();
  const price = state.prices.get(session.price_id as string)!;
  const id = newId('sub');
  const subscription: StripeObject = {
    id,
    object: 'subscription',
    customer: session.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    created: start,
    start_date: start,
    billing_cycle_anchor: start,
    collection_method: 'charge_automatically',
    currency: 'usd',
    livemode: false,
    metadata: structuredClone(session.subscription_metadata ?? {}),
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          created: start,
          current_period_start: start,
          current_period_end: monthAfter(start),
          metadata: {},
          price,
          quantity: 1,
          subscription: id,
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
  };
  state.subscriptions.set(id, subscription);
  const invoice = invoiceFor(state, subscription, true);
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: id });
  return [
    eventOf('customer.subscription.created', subscription),
    eventOf('checkout.session.completed', session),
    eventOf('invoice.paid', invoice),
  ];
}

/** Cancelled at once (the portal's "cancel immediately" setting): the subscription ends now. */
export function cancelNow(subscription: StripeObject): StripeObject[] {
  const now = nowSeconds();
  Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false });
  return [eventOf('customer.subscription.deleted', subscription)];
}

/** The renewal's payment fails: the invoice stays open and the subscription goes past due. */
export function failRenewal(state: FakeStripeState, subscription: StripeObject): StripeObject[] {
  const invoice = invoiceFor(state, subscription, false);
  subscription.status = 'past_due';
  return [eventOf('invoice.payment_failed', invoice), eventOf('customer.subscription.updated', subscription)];
}

/** The renewal is paid after all: active again for another month. */
export function payRenewal(state: FakeStripeState, subscription: StripeObject): StripeObject[] {
  const item = (subscription.items as { data: Array<Record<string, number>> }).data[0]!;
  item.current_period_start = item.current_period_end!;
  item.current_period_end = monthAfter(item.current_period_end!);
  subscription.status = 'active';
  const invoice = invoiceFor(state, subscription, true);
  return [eventOf('invoice.paid', invoice), eventOf('customer.subscription.updated', subscription)];
}

/** `cancel_at_period_end` set or cleared through the API (what the portal's default cancel does). */
export function setCancelAtPeriodEnd(subscription: StripeObject, cancel: boolean): StripeObject[] {
  subscription.cancel_at_period_end = cancel;
  subscription.cancel_at = cancel
    ? (subscription.items as { data: Array<{ current_period_end: number }> }).data[0]!.current_period_end
    : null;
  return [eventOf('customer.subscription.updated', subscription)];
}
