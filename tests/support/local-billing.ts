import { expect } from 'vitest';
import { startFakeStripe, stripeEnv, type FakeStripe } from '#tests/fakes/stripe/server.ts';
import type { StripeObject } from '#tests/fakes/stripe/state.ts';
import { createAccount, uniqueEmail } from './auth-client.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

export interface BillingSetup {
  stripe: FakeStripe;
  server: TestServer;
  close(): Promise<void>;
}

/** The server with billing through the local Stripe, whose webhooks reach this server. */
export async function startWithBilling(options: TestServerOptions = {}): Promise<BillingSetup> {
  const stripe = await startFakeStripe({ apiKey: 'sk_test_polyblok' });
  const server = await startTestServer({
    ...options,
    env: { ...stripeEnv(stripe, 'sk_test_polyblok'), ...options.env },
  });
  stripe.setWebhookUrl(`${server.baseUrl}/api/stripe/webhook`);
  return {
    stripe,
    server,
    close: async () => {
      await server.close();
      await stripe.close();
    },
  };
}

let spaces = 0;

/** A space owned by a new account (no Storyblok needed: billing never asks it), with members in other roles. */
export async function ownedSpace(server: TestServer, others: Array<'admin' | 'editor' | 'viewer'> = []) {
  const owner = await createAccount(server, uniqueEmail('billing-owner'));
  const members = await Promise.all(others.map(() => createAccount(server, uniqueEmail('billing-member'))));
  spaces += 1;
  const space = await server.prisma.space.create({
    data: {
      name: `Billing ${spaces}`,
      storyblokSpaceId: BigInt(7_000_000 + spaces + Math.floor(Math.random() * 1_000_000)),
      region: 'eu',
      memberships: {
        create: [
          { userId: owner.user.id, role: 'owner', status: 'joined' },
          ...members.map((member, index) => ({
            userId: member.user.id,
            role: others[index]!,
            status: 'joined' as const,
          })),
        ],
      },
    },
    select: { id: true },
  });
  return { spaceId: space.id, owner, members };
}

export function post(server: TestServer, path: string, token?: string): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Starts the owner's checkout and pays it on the local Stripe's page with the test card. */
export async function subscribe(setup: BillingSetup, spaceId: number, token: string): Promise<StripeObject> {
  const started = await post(setup.server, `/api/spaces/${spaceId}/subscription/checkout`, token);
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const paid = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'card=4242+4242+4242+4242',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const sessionId = url.split('/').pop()!;
  const subscriptionId = setup.stripe.state.checkoutSessions.get(sessionId)!.subscription as string;
  return setup.stripe.state.subscriptions.get(subscriptionId)!;
}
