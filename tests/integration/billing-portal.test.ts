import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '#contract/me.ts';
import { apiFetch } from '#tests/support/auth-client.ts';
import { ownedSpace, startWithBilling, subscribe, type BillingSetup } from '#tests/support/local-billing.ts';

let setup: BillingSetup;
let space: Awaited<ReturnType<typeof ownedSpace>>;

beforeAll(async () => {
  setup = await startWithBilling();
  space = await ownedSpace(setup.server, ['admin']);
  await subscribe(setup, space.spaceId, space.owner.access_token);
});

afterAll(async () => {
  await setup?.close();
});

const portalPath = () => `/api/spaces/${space.spaceId}/subscription/portal`;

async function open(path: string, token?: string): Promise<Response> {
  return fetch(`${setup.server.baseUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    redirect: 'manual',
  });
}

/** The return URL of the portal session a redirect leads to. */
function returnUrlOf(response: Response): string | null {
  expect(response.status).toBe(302);
  const location = response.headers.get('location')!;
  const session = setup.stripe.state.portalSessions.get(location.split('/').pop()!);
  expect(session, location).toBeDefined();
  return session!.return_url as string | null;
}

async function portalLink(token: string): Promise<string> {
  const response = await apiFetch(setup.server, '/api/me', token);
  const me = meResponseSchema.parse(await response.json());
  return me.spaces.find((entry) => entry.id === space.spaceId)!.billing_portal_url!;
}

describe('GET /api/spaces/:id/subscription/portal', () => {
  it('redirects the owner to a portal session of the space’s customer, back to the given path', async () => {
    const response = await open(
      `${portalPath()}?back_to=${encodeURIComponent('/spaces/1/content?locale=de')}`,
      space.owner.access_token,
    );
    expect(returnUrlOf(response)).toBe(`${setup.server.baseUrl}/spaces/1/content?locale=de`);
    const sessions = [...setup.stripe.state.portalSessions.values()];
    const customer = (await setup.server.prisma.subscription.findUnique({ where: { spaceId: space.spaceId } }))!
      .customerId;
    expect(sessions.at(-1)!.customer).toBe(customer);
  });

  it('sends anything but a path of this site back to Settings', async () => {
    const settings = `${setup.server.baseUrl}/spaces/${space.spaceId}/settings`;
    const hostile = [
      '//evil.example/x',
      'https://evil.example/',
      'http:evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\r\nSet-Cookie:x',
      '/\t/evil.example',
      'spaces/1',
      '',
      ' /spaces/1',
    ];
    for (const value of hostile) {
      const response = await open(`${portalPath()}?back_to=${encodeURIComponent(value)}`, space.owner.access_token);
      expect(returnUrlOf(response), value).toBe(settings);
    }
    expect(returnUrlOf(await open(portalPath(), space.owner.access_token))).toBe(settings);
  });

  it('opens from the link of /api/me without a bearer token, for the owner only', async () => {
    const link = await portalLink(space.owner.access_token);
    const path = link.slice(setup.server.baseUrl.length);
    const response = await open(`${path}&back_to=${encodeURIComponent('/spaces')}`);
    expect(returnUrlOf(response)).toBe(`${setup.server.baseUrl}/spaces`);

    // Another space's portal, a forged or cut pass: refused before Stripe is asked.
    const other = await ownedSpace(setup.server);
    const before = setup.stripe.state.portalSessions.size;
    const elsewhere = path.replace(`/spaces/${space.spaceId}/`, `/spaces/${other.spaceId}/`);
    expect((await open(elsewhere)).status).toBe(401);
    expect((await open(`${path.slice(0, -4)}AAAA`)).status).toBe(401);
    expect((await open(portalPath() + '?ticket=nonsense')).status).toBe(401);
    expect((await open(portalPath())).status).toBe(401);
    expect(setup.stripe.state.portalSessions.size).toBe(before);
  });

  it('refuses the link once its session has signed out', async () => {
    const { signIn } = await import('#tests/support/auth-client.ts');
    const session = await signIn(setup.server, space.owner.user.email, 'correct horse battery staple');
    const link = await portalLink(session.access_token);
    const out = await fetch(`${setup.server.baseUrl}/auth/v1/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(out.status).toBe(204);
    expect((await open(link.slice(setup.server.baseUrl.length))).status).toBe(401);
  });

  it('is refused to an admin, and the admin’s /api/me has no link', async () => {
    const admin = space.members[0]!.access_token;
    const response = await open(portalPath(), admin);
    expect(response.status).toBe(403);
    const me = meResponseSchema.parse(await (await apiFetch(setup.server, '/api/me', admin)).json());
    expect(me.spaces.find((entry) => entry.id === space.spaceId)!.billing_portal_url).toBeNull();
  });

  it('answers 404 for a space without a Stripe customer yet', async () => {
    const fresh = await ownedSpace(setup.server);
    const response = await open(`/api/spaces/${fresh.spaceId}/subscription/portal`, fresh.owner.access_token);
    expect(response.status).toBe(404);
  });
});

describe('deleting a subscribed space', () => {
  it('is refused until the subscription is cancelled, so Stripe does not bill a space that is gone', async () => {
    const own = await ownedSpace(setup.server);
    const subscription = await subscribe(setup, own.spaceId, own.owner.access_token);
    const remove = () =>
      fetch(`${setup.server.baseUrl}/api/spaces/${own.spaceId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${own.owner.access_token}` },
      });
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/cancel it in the billing portal/);
    expect(await setup.server.prisma.space.count({ where: { id: own.spaceId } })).toBe(1);

    const portal = await open(`/api/spaces/${own.spaceId}/subscription/portal`, own.owner.access_token);
    await fetch(`${portal.headers.get('location')}/cancel/${subscription.id}`, { method: 'POST', redirect: 'manual' });
    expect((await remove()).status).toBe(200);
  });
});
