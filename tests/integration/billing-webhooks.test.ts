import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader, eventOf } from '#tests/fakes/stripe/webhooks.ts';
import { ownedSpace, startWithBilling, subscribe, type BillingSetup } from '#tests/support/local-billing.ts';

let setup: BillingSetup;

beforeAll(async () => {
  setup = await startWithBilling();
});

afterAll(async () => {
  await setup?.close();
});

const stored = (spaceId: number) =>
  setup.server.prisma.subscription.findUnique({
    where: { spaceId },
    select: { id: true, status: true, cancelAtPeriodEnd: true, priceId: true, customerId: true },
  });

async function deliverRaw(payload: string, signature: string): Promise<{ status: number; code?: string }> {
  const response = await fetch(`${setup.server.baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  const body = (await response.json()) as { code?: string };
  return { status: response.status, code: body.code };
}

describe('POST /api/stripe/webhook', () => {
  it('stores the subscription of a completed checkout: id, status, price, customer', async () => {
    const { spaceId, owner } = await ownedSpace(setup.server);
    const subscription = await subscribe(setup, spaceId, owner.access_token);
    expect(await stored(spaceId)).toEqual({
      id: subscription.id,
      status: 'active',
      cancelAtPeriodEnd: false,
      priceId: setup.stripe.priceId,
      customerId: subscription.customer,
    });
    const answers = setup.stripe.state.events.slice(-3).map((sent) => [sent.event.type, sent.answer]);
    expect(answers).toEqual([
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
      ['invoice.paid', 200],
    ]);
  });

  it('refuses a wrong signature, a stale one and none, and changes nothing', async () => {
    const { spaceId, owner } = await ownedSpace(setup.server);
    const subscription = await subscribe(setup, spaceId, owner.access_token);
    subscription.status = 'canceled';
    const payload = JSON.stringify(eventOf('customer.subscription.deleted', subscription));
    const now = Math.floor(Date.now() / 1000);
    const refusals = [
      signatureHeader('whsec_someone_else', payload),
      signatureHeader(setup.stripe.webhookSecret, payload, now - 301),
      signatureHeader(setup.stripe.webhookSecret, `${payload} `),
      't=abc,v1=',
      '',
    ];
    for (const signature of refusals) {
      expect(await deliverRaw(payload, signature), signature).toEqual({ status: 400, code: 'invalid_signature' });
    }
    expect((await stored(spaceId))?.status).toBe('active');
    // Within the five minutes, the same delivery is taken.
    const fresh = signatureHeader(setup.stripe.webhookSecret, payload, now - 200);
    expect((await deliverRaw(payload, fresh)).status).toBe(200);
    expect((await stored(spaceId))?.status).toBe('canceled');
  });

  it('handles an event once: the same event id again changes nothing', async () => {
    const { spaceId, owner } = await ownedSpace(setup.server);
    const subscription = await subscribe(setup, spaceId, owner.access_token);
    const update = eventOf('customer.subscription.updated', subscription);
    // Stripe's state moves on without an event of its own reaching Polyblok yet.
    subscription.cancel_at_period_end = true;
    expect(await setup.stripe.send(update)).toBe(200);
    expect((await stored(spaceId))?.cancelAtPeriodEnd).toBe(true);
    subscription.cancel_at_period_end = false;
    expect(await setup.stripe.send(update)).toBe(200);
    expect((await stored(spaceId))?.cancelAtPeriodEnd).toBe(true);
    const recorded = await setup.server.prisma.stripeEvent.count({ where: { id: update.id } });
    expect(recorded).toBe(1);
  });

  it('never goes back to an older state when events arrive out of order', async () => {
    const { spaceId, owner } = await ownedSpace(setup.server);
    const subscription = await subscribe(setup, spaceId, owner.access_token);
    const activeSnapshot = eventOf('customer.subscription.updated', subscription);
    const portal = await fetch(`${setup.server.baseUrl}/api/spaces/${spaceId}/subscription/portal`, {
      headers: { authorization: `Bearer ${owner.access_token}` },
      redirect: 'manual',
    });
    const page = portal.headers.get('location')!;
    const cancel = await fetch(`${page}/cancel/${subscription.id}`, { method: 'POST', redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect((await stored(spaceId))?.status).toBe('canceled');
    // The update from before the cancellation arrives late: its snapshot says active, Stripe says canceled.
    expect(await setup.stripe.send(activeSnapshot)).toBe(200);
    expect((await stored(spaceId))?.status).toBe('canceled');
  });

  it('keeps a space’s new subscription when a late event of its old, cancelled one arrives', async () => {
    const { spaceId, owner } = await ownedSpace(setup.server);
    const first = await subscribe(setup, spaceId, owner.access_token);
    const created = eventOf('customer.subscription.created', first);
    first.status = 'canceled';
    await setup.stripe.send(eventOf('customer.subscription.deleted', first));
    const second = await subscribe(setup, spaceId, owner.access_token);
    expect(await setup.stripe.send(created)).toBe(200);
    expect(await stored(spaceId)).toMatchObject({ id: second.id, status: 'active' });
  });

  it('acknowledges events billing does not use, and records them once', async () => {
    const event = eventOf('customer.updated', { id: 'cus_unused', object: 'customer' });
    expect(await setup.stripe.send(event)).toBe(200);
    expect(await setup.server.prisma.stripeEvent.count({ where: { id: event.id } })).toBe(1);
  });
});

describe('an event about a subscription Stripe no longer has', () => {
  it('is acknowledged and changes nothing, instead of failing until Stripe gives up', async () => {
    const event = eventOf('customer.subscription.updated', { id: 'sub_gone', object: 'subscription' });
    expect(await setup.stripe.send(event)).toBe(200);
    expect(await setup.server.prisma.subscription.count({ where: { id: 'sub_gone' } })).toBe(0);
  });
});
