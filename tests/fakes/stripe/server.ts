import type { AddressInfo } from 'node:net';
import express from 'express';
import { apiRouter } from './api.routes.ts';
import { fakeAdminRouter } from './fake-admin.routes.ts';
import { pagesRouter } from './pages.routes.ts';
import { entryPlanPrice, ENTRY_PLAN_PRICE_ID, type FakeStripeState, type StripeObject } from './state.ts';
import { stripeErrorHandler } from './stripe-errors.ts';
import { deliver } from './webhooks.ts';

export interface FakeStripeOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Only this secret key is accepted; by default any. */
  apiKey?: string;
  /** Signs the webhooks (Polyblok's STRIPE_WEBHOOK_SECRET). */
  webhookSecret?: string;
  /** Where webhooks go (Polyblok's /api/stripe/webhook); can be set later. */
  webhookUrl?: string;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: what STRIPE_API_URL takes; the pages and /__fake live here too. */
  url: string;
  webhookSecret: string;
  /** The Entry Plan's price id (STRIPE_ENTRY_PLAN_PRICE_ID). */
  priceId: string;
  setWebhookUrl(url: string): void;
  state: FakeStripeState;
  /** Sends an event as Stripe would (signed, to the registered endpoint); answers Polyblok's status. */
  send(event: StripeObject): Promise<number | string>;
  close(): Promise<void>;
}

export const DEFAULT_WEBHOOK_SECRET = 'whsec_local_stripe_test_secret';

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const state: FakeStripeState = {
    apiKey: options.apiKey,
    webhookSecret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
    webhookUrl: options.webhookUrl,
    origin: '',
    customers: new Map(),
    prices: new Map([[ENTRY_PLAN_PRICE_ID, entryPlanPrice()]]),
    checkoutSessions: new Map(),
    portalSessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    events: [],
    requests: [],
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use('/__fake', fakeAdminRouter(state));
  app.use('/v1', apiRouter(state));
  app.use(pagesRouter(state));
  app.use(stripeErrorHandler);

  const host = options.host ?? '127.0.0.1';
  const server = app.listen(options.port ?? 0, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  state.origin = `http://${host}:${port}`;
  return {
    url: state.origin,
    webhookSecret: state.webhookSecret,
    priceId: ENTRY_PLAN_PRICE_ID,
    setWebhookUrl: (url) => {
      state.webhookUrl = url;
    },
    state,
    send: (event) => deliver(state, event),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The environment that points Polyblok's billing at this stand-in. */
export function stripeEnv(fake: FakeStripe, secretKey = 'sk_test_local'): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_ENTRY_PLAN_PRICE_ID: fake.priceId,
    STRIPE_API_URL: fake.url,
  };
}
