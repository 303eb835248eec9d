import { randomBytes } from 'node:crypto';

/** The objects the local Stripe keeps, in Stripe's JSON shapes (API version of the stripe package Polyblok uses). */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface SentEvent {
  event: StripeObject;
  /** The HTTP status Polyblok answered, or the error reaching it. */
  answer: number | string;
}

export interface FakeStripeState {
  apiKey: string | undefined;
  webhookSecret: string;
  webhookUrl: string | undefined;
  origin: string;
  customers: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  portalSessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  events: SentEvent[];
  /** Every API request: method, path and its form fields, for tests to check what Polyblok sent. */
  requests: Array<{ method: string; path: string; body: unknown }>;
}

/** Stripe-like ids: a prefix and random characters (cs_test_… for checkout sessions in test mode). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The Entry Plan's price in the stand-in: $49 a month. */
export const ENTRY_PLAN_PRICE_ID = 'price_entry_plan';

export function entryPlanPrice(): StripeObject {
  return {
    id: ENTRY_PLAN_PRICE_ID,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: 4900,
    unit_amount_decimal: '4900',
    product: 'prod_entry_plan',
    nickname: 'Entry Plan',
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    livemode: false,
    metadata: {},
    created: 1_700_000_000,
  };
}

/** A month on from `start` (seconds), as Stripe's monthly billing anchors it. */
export function monthAfter(start: number): number {
  const date = new Date(start * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}
