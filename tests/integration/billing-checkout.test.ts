import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '#contract/me.ts';
import { spaceSettingsSchema } from '#contract/space-settings.ts';
import { apiFetch } from '#tests/support/auth-client.ts';
import { ownedSpace, post, startWithBilling, subscribe, type BillingSetup } from '#tests/support/local-billing.ts';

let setup: BillingSetup;

beforeAll(async () => {
  setup = await startWithBilling({ env: { AI_DAILY_WORDS_WITHOUT_PLAN: '250', AI_DAILY_WORDS_ENTRY_PLAN: '1000' } });
});

afterAll(async () => {
  await setup?.close();
});

async function me(token: string) {
  const response = await apiFetch(setup.server, '/api/me', token);
  expect(response.status).toBe(200);
  return meResponseSchema.parse(await response.json());
}

async function settings(spaceId: number, token: string) {
  const response = await apiFetch(setup.server, `/api/spaces/${spaceId}/settings`, token);
  expect(response.status).toBe(200);
  return spaceSettingsSchema.parse(await response.json());
}

describe('POST /api/spaces/:id/subscription/checkout', () => {
  it('answers a Checkout page for the Entry Plan in the space’s name, with one customer per owner', async () => {
    const { spaceId, owner } = await ownedSpace(setup.server);
    const second = await setup.server.prisma.space.create({
      data: {
        name: 'Second',
        storyblokSpaceId: 7_999_999n,
        region: 'eu',
        memberships: { create: [{ userId: owner.user.id, role: 'owner', status: 'joined' }] },
      },
      select: { id: true },
    });
    setup.stripe.state.requests.length = 0;
    for (const id of [spaceId, second.id]) {
      const response = await post(setup.server, `/api/spaces/${id}/subscription/checkout`, owner.access_token);
      expect(response.status).toBe(200);
      const { url } = (await response.json()) as { url: string };
      expect(url).toMatch(new RegExp(`^${setup.stripe.url}/checkout/cs_test_`));
    }
    const sent = setup.stripe.state.requests;
    expect(sent.filter((request) => request.path === '/customers')).toHaveLength(1);
    const sessions = sent.filter((request) => request.path === '/checkout/sessions').map((request) => request.body);
    const customer = [...setup.stripe.state.customers.values()].at(-1)!;
    expect(customer.email).toBe(owner.user.email);
    expect(sessions[0]).toEqual({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: String(spaceId),
      line_items: [{ price: setup.stripe.priceId, quantity: '1' }],
      metadata: { space_id: String(spaceId) },
      subscription_data: { metadata: { space_id: String(spaceId) } },
      success_url: `${setup.server.baseUrl}/spaces/${spaceId}/settings?checkout=success`,
      cancel_url: `${setup.server.baseUrl}/spaces/${spaceId}/settings?checkout=cancelled`,
    });
    expect((sessions[1] as { customer: string }).customer).toBe(customer.id);
  });

  it('is the owner’s: an admin is refused and nothing reaches Stripe', async () => {
    const { spaceId, members } = await ownedSpace(setup.server, ['admin']);
    setup.stripe.state.requests.length = 0;
    const response = await post(setup.server, `/api/spaces/${spaceId}/subscription/checkout`, members[0]!.access_token);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('forbidden');
    expect(setup.stripe.state.requests).toEqual([]);
  });

  it('subscribes through the checkout page: the webhooks give the space its plan, date and portal', async () => {
    const { spaceId, owner, members } = await ownedSpace(setup.server, ['admin']);
    expect((await settings(spaceId, owner.access_token)).ai_usage.daily_words).toBe(250);

    const subscription = await subscribe(setup, spaceId, owner.access_token);
    const periodEnd = (subscription.items as { data: Array<{ current_period_end: number }> }).data[0]!
      .current_period_end;
    const ownView = (await me(owner.access_token)).spaces.find((space) => space.id === spaceId)!;
    expect(ownView.subscription).toEqual({
      id: subscription.id,
      price: 49,
      next_billing_date: new Date(periodEnd * 1000).toISOString(),
      status: 'active',
      cancel_at_period_end: false,
    });
    expect(ownView.billing_portal_url).toMatch(
      new RegExp(`^${setup.server.baseUrl}/api/spaces/${spaceId}/subscription/portal\\?ticket=`),
    );
    const adminView = (await me(members[0]!.access_token)).spaces.find((space) => space.id === spaceId)!;
    expect(adminView.subscription?.id).toBe(subscription.id);
    expect(adminView.billing_portal_url).toBeNull();
    const seen = await settings(spaceId, owner.access_token);
    expect(seen.ai_usage.daily_words).toBe(1000);
    expect(seen.billing_enabled).toBe(true);

    const again = await post(setup.server, `/api/spaces/${spaceId}/subscription/checkout`, owner.access_token);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('already_subscribed');
  });

  it('keeps today’s charged words when the plan ends, and the allowance falls back', async () => {
    const { spaceId, owner } = await ownedSpace(setup.server);
    const subscription = await subscribe(setup, spaceId, owner.access_token);
    const today = new Date(new Date().toISOString().slice(0, 10));
    await setup.server.prisma.aiUsage.create({ data: { spaceId, day: today, words: 600 } });
    expect((await settings(spaceId, owner.access_token)).ai_usage).toMatchObject({
      words_today: 600,
      daily_words: 1000,
    });

    const failed = await fetch(`${setup.stripe.url}/__fake/subscriptions/${subscription.id}/fail_payment`, {
      method: 'POST',
    });
    expect(failed.status).toBe(200);
    const pastDue = (await me(owner.access_token)).spaces.find((space) => space.id === spaceId)!;
    expect(pastDue.subscription?.status).toBe('past_due');
    expect((await settings(spaceId, owner.access_token)).ai_usage).toMatchObject({
      words_today: 600,
      daily_words: 250,
    });

    await fetch(`${setup.stripe.url}/__fake/subscriptions/${subscription.id}/pay`, { method: 'POST' });
    expect((await settings(spaceId, owner.access_token)).ai_usage.daily_words).toBe(1000);
  });
});

describe('when Stripe refuses', () => {
  it('answers billing_unavailable with Stripe’s reason, never a 500', async () => {
    const wrongPrice = await startWithBilling({ env: { STRIPE_ENTRY_PLAN_PRICE_ID: 'price_gone' } });
    try {
      const { spaceId, owner } = await ownedSpace(wrongPrice.server);
      const response = await post(
        wrongPrice.server,
        `/api/spaces/${spaceId}/subscription/checkout`,
        owner.access_token,
      );
      expect(response.status).toBe(503);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe('billing_unavailable');
      expect(body.message).toMatch(/No such price: 'price_gone'/);
    } finally {
      await wrongPrice.close();
    }
  });
});

describe('without Stripe', () => {
  it('says billing is off: no checkout, no portal, the operator’s allowance', async () => {
    const { startTestServer } = await import('#tests/support/test-server.ts');
    const server = await startTestServer({ env: { AI_DAILY_WORDS_WITHOUT_PLAN: '300' } });
    try {
      const { spaceId, owner } = await ownedSpace(server);
      const response = await post(server, `/api/spaces/${spaceId}/subscription/checkout`, owner.access_token);
      expect(response.status).toBe(409);
      expect(((await response.json()) as { code: string }).code).toBe('billing_not_configured');
      const read = await apiFetch(server, `/api/spaces/${spaceId}/settings`, owner.access_token);
      const body = spaceSettingsSchema.parse(await read.json());
      expect(body.billing_enabled).toBe(false);
      expect(body.ai_usage.daily_words).toBe(300);
      const hook = await fetch(`${server.baseUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        body: '{}',
      });
      expect(hook.status).toBe(409);
    } finally {
      await server.close();
    }
  });
});
