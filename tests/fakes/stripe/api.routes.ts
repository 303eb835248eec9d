import express, { Router, type Request } from 'express';
import { invalidApiKey, invalidParam, missingParam, resourceMissing, StripeHttpError } from './stripe-errors.ts';
import { newId, nowSeconds, type FakeStripeState, type StripeObject } from './state.ts';
import { cancelNow, setCancelAtPeriodEnd } from './subscriptions.ts';
import { deliverAll } from './webhooks.ts';

type Form = Record<string, unknown>;

function field(form: Form, name: string): string {
  const value = form[name];
  if (typeof value !== 'string' || value === '') throw missingParam(name);
  return value;
}

function metadataOf(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null) throw invalidParam('metadata', 'Invalid hash');
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

function found(map: Map<string, StripeObject>, kind: string, id: string): StripeObject {
  const object = map.get(id);
  if (!object) throw resourceMissing(kind, id);
  return object;
}

function checkUrl(form: Form, name: string): string {
  const url = field(form, name);
  if (!/^https?:\/\//.test(url)) throw invalidParam(name, `Not a valid URL`);
  return url;
}

function createCheckoutSession(state: FakeStripeState, form: Form): StripeObject {
  if (field(form, 'mode') !== 'subscription') throw invalidParam('mode', 'Only subscription mode is served here.');
  const customer = field(form, 'customer');
  found(state.customers, 'customer', customer);
  const items = form.line_items as Array<{ price?: string; quantity?: string }> | undefined;
  const priceId = items?.[0]?.price;
  if (!priceId) throw missingParam('line_items[0][price]');
  if (!state.prices.has(priceId)) throw resourceMissing('price', priceId, 'line_items[0][price]');
  const id = newId('cs_test');
  const subscriptionData = (form.subscription_data ?? {}) as Form;
  return {
    id,
    object: 'checkout.session',
    mode: 'subscription',
    customer,
    client_reference_id: (form.client_reference_id as string | undefined) ?? null,
    metadata: metadataOf(form.metadata),
    subscription_metadata: metadataOf(subscriptionData.metadata),
    price_id: priceId,
    status: 'open',
    payment_status: 'unpaid',
    subscription: null,
    success_url: checkUrl(form, 'success_url'),
    cancel_url: checkUrl(form, 'cancel_url'),
    url: `${state.origin}/checkout/${id}`,
    created: nowSeconds(),
    livemode: false,
  };
}

/** What a response shows of a checkout session: Stripe's fields, not the stand-in's own bookkeeping. */
export function publicSession(session: StripeObject): StripeObject {
  const { subscription_metadata: _metadata, price_id: _price, ...shown } = session;
  return shown as StripeObject;
}

/** The parts of Stripe's API Polyblok calls through the stripe package: form-encoded in, Stripe's JSON out. */
export function apiRouter(state: FakeStripeState): Router {
  const router = Router();
  // Stripe's bodies are form-encoded with brackets (metadata[space_id]=1, line_items[0][price]=…): qs reads them.
  router.use(express.urlencoded({ extended: true, limit: '1mb' }));
  router.use((req: Request, _res, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    if (!match || (state.apiKey !== undefined && match[1] !== state.apiKey)) throw invalidApiKey();
    state.requests.push({ method: req.method, path: req.path, body: structuredClone(req.body ?? {}) });
    next();
  });

  router.post('/customers', (req, res) => {
    const form = (req.body ?? {}) as Form;
    const customer: StripeObject = {
      id: newId('cus'),
      object: 'customer',
      email: (form.email as string | undefined) ?? null,
      name: (form.name as string | undefined) ?? null,
      metadata: metadataOf(form.metadata),
      created: nowSeconds(),
      livemode: false,
    };
    state.customers.set(customer.id, customer);
    res.json(customer);
  });
  router.get('/customers/:id', (req, res) => {
    res.json(found(state.customers, 'customer', req.params.id!));
  });
  router.get('/prices/:id', (req, res) => {
    res.json(found(state.prices, 'price', req.params.id!));
  });

  router.post('/checkout/sessions', (req, res) => {
    const session = createCheckoutSession(state, (req.body ?? {}) as Form);
    state.checkoutSessions.set(session.id, session);
    res.json(publicSession(session));
  });
  router.get('/checkout/sessions/:id', (req, res) => {
    res.json(publicSession(found(state.checkoutSessions, 'checkout.session', req.params.id!)));
  });

  router.post('/billing_portal/sessions', (req, res) => {
    const form = (req.body ?? {}) as Form;
    const customer = field(form, 'customer');
    found(state.customers, 'customer', customer);
    const id = newId('bps');
    const session: StripeObject = {
      id,
      object: 'billing_portal.session',
      customer,
      return_url: form.return_url === undefined ? null : checkUrl(form, 'return_url'),
      url: `${state.origin}/portal/${id}`,
      created: nowSeconds(),
      livemode: false,
    };
    state.portalSessions.set(id, session);
    res.json(session);
  });

  router.get('/subscriptions/:id', (req, res) => {
    res.json(found(state.subscriptions, 'subscription', req.params.id!));
  });
  router.post('/subscriptions/:id', async (req, res) => {
    const subscription = found(state.subscriptions, 'subscription', req.params.id!);
    const cancel = ((req.body ?? {}) as Form).cancel_at_period_end;
    if (cancel !== undefined) await deliverAll(state, setCancelAtPeriodEnd(subscription, cancel === 'true'));
    res.json(subscription);
  });
  router.delete('/subscriptions/:id', async (req, res) => {
    const subscription = found(state.subscriptions, 'subscription', req.params.id!);
    if (subscription.status === 'canceled') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        message: `A canceled subscription can only update its cancellation_details and metadata.`,
      });
    }
    const events = cancelNow(subscription);
    res.json(subscription);
    await deliverAll(state, events);
  });
  router.use((req) => {
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${req.method}: /v1${req.path}).`,
    });
  });
  return router;
}
