import { createHash } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as appExtensionAuth from '@storyblok/app-extension-auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basicFixture as fx } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';

// The package's .d.ts re-exports through extensionless paths that `nodenext` resolution cannot follow, so its
// exports look missing to TypeScript; the shapes used here are copied from dist/storyblok-auth-api/*.d.ts.
interface AuthHandlerParams {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  endpointPrefix: string | undefined;
  successCallback?: string;
  errorCallback?: string;
  storyblokApiBaseUrl?: string;
}
const { authHandler, refreshToken } = appExtensionAuth as unknown as {
  authHandler(params: AuthHandlerParams): RequestListener;
  refreshToken(params: AuthHandlerParams, region: string): (token: string) => Promise<{ access_token: string } | Error>;
};

const client = { clientId: 'polyblok-test', clientSecret: 'polyblok-test-secret' };
const redirectUri = 'https://app.example.com/api/connect/callback';

let fake: FakeStoryblok;

beforeEach(async () => {
  fake = await startFakeStoryblok({
    dataDir: fx.dir,
    oauthClients: [client],
    oauthIdentity: { userId: 42, userName: 'Tess Editor' },
  });
});

afterEach(async () => {
  await fake.close();
});

async function authorize(extra: Record<string, string> = {}) {
  const verifier = 'v'.repeat(50);
  const params = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'read_content write_content',
    state: 'st-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  });
  const res = await fetch(`${fake.oauthUrl}/authorize?${params}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  return { location, verifier, code: location.searchParams.get('code') ?? '' };
}

function token(form: Record<string, string>) {
  return fetch(`${fake.oauthUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, ...form }),
  });
}

type TokenSet = { access_token: string; refresh_token: string; expires_in: number; token_type: string };

async function codeFlow(): Promise<TokenSet> {
  const { code, verifier } = await authorize();
  const res = await token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as TokenSet;
}

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

describe('fake Storyblok OAuth', () => {
  it('runs the code flow end to end: authorize, token, user_info, space_info, MAPI, refresh', async () => {
    const { location, code } = await authorize();
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('st-1');
    expect(location.searchParams.get('space_id')).toBe(String(fx.spaceId));
    expect(code).not.toBe('');

    const tokens = await codeFlow();
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600 });

    const userInfo = await (await fetch(`${fake.oauthUrl}/user_info`, { headers: bearer(tokens.access_token) })).json();
    expect(userInfo).toEqual({
      user: { id: 42, friendly_name: 'Tess Editor' },
      space: { id: fx.spaceId, name: 'Basic Test Space' },
      roles: [{ name: 'admin' }],
    });
    for (const url of [`${fake.oauthUrl}/space_info`, `${fake.mapiUrl}/oauth/space_info`]) {
      const info = (await (await fetch(url, { headers: bearer(tokens.access_token) })).json()) as {
        space: { id: number; languages: unknown[] };
      };
      expect(info.space).toMatchObject({ id: fx.spaceId, languages: [{ code: 'de' }, { code: 'fr' }] });
    }

    const stories = await fetch(`${fake.mapiUrl}/spaces/${fx.spaceId}/stories`, {
      headers: bearer(tokens.access_token),
    });
    expect(stories.status).toBe(200);
    const spaces = await (await fetch(`${fake.mapiUrl}/spaces`, { headers: bearer(tokens.access_token) })).json();
    expect(spaces).toMatchObject({ spaces: [{ id: fx.spaceId }] });

    const refreshed = (await (
      await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    ).json()) as TokenSet;
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toBe(tokens.refresh_token);
    const again = await fetch(`${fake.mapiUrl}/spaces/${fx.spaceId}`, { headers: bearer(refreshed.access_token) });
    expect(again.status).toBe(200);
  });

  it('scopes an OAuth token to its space and refuses a raw one', async () => {
    const two = await startFakeStoryblok({
      data: {
        tokens: {},
        spaces: [
          { id: 7, space: { name: 'Seven' } },
          { id: 8, space: { name: 'Eight' } },
        ],
      },
    });
    try {
      // Without PKCE, with any client (none registered), and the authorizing space chosen in the query.
      const consent = await fetch(
        `${two.oauthUrl}/authorize?client_id=any&redirect_uri=${encodeURIComponent(redirectUri)}&space_id=8`,
        { redirect: 'manual' },
      );
      const location = new URL(consent.headers.get('location') ?? '');
      expect(location.searchParams.get('space_id')).toBe('8');
      const res = await fetch(`${two.oauthUrl}/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: location.searchParams.get('code') ?? '',
          redirect_uri: redirectUri,
          client_id: 'any',
        }),
      });
      const { access_token } = (await res.json()) as TokenSet;
      expect((await fetch(`${two.mapiUrl}/spaces/8`, { headers: bearer(access_token) })).status).toBe(200);
      expect((await fetch(`${two.mapiUrl}/spaces/7`, { headers: bearer(access_token) })).status).toBe(404);
      expect((await fetch(`${two.mapiUrl}/spaces/8`, { headers: { authorization: access_token } })).status).toBe(401);
    } finally {
      await two.close();
    }
  });

  it('refuses reused codes, a wrong PKCE verifier, a wrong client secret and expired or revoked tokens', async () => {
    const { code } = await authorize();
    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: 'x',
    });
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });
    const reused = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    expect(reused.status).toBe(400);

    const unknownClient = await fetch(`${fake.oauthUrl}/authorize?client_id=other&redirect_uri=${redirectUri}`);
    expect(unknownClient.status).toBe(400);
    const badSecret = await token({ grant_type: 'refresh_token', refresh_token: 'x', client_secret: 'nope' });
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toMatchObject({ error: 'invalid_client' });

    const tokens = await codeFlow();
    fake.expireAccessToken(tokens.access_token);
    const expired = await fetch(`${fake.mapiUrl}/spaces`, { headers: bearer(tokens.access_token) });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: 'Unauthorized' });
    const refreshed = (await (
      await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    ).json()) as TokenSet;
    expect((await fetch(`${fake.mapiUrl}/spaces`, { headers: bearer(refreshed.access_token) })).status).toBe(200);

    fake.revokeToken(refreshed.refresh_token);
    expect((await fetch(`${fake.mapiUrl}/spaces`, { headers: bearer(refreshed.access_token) })).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: refreshed.refresh_token })).status).toBe(400);
  });

  it('passes for Storyblok with @storyblok/app-extension-auth pointed at it (storyblokApiBaseUrl)', async () => {
    const params: AuthHandlerParams = {
      ...client,
      baseUrl: 'https://app.example.com',
      endpointPrefix: 'api/connect',
      successCallback: '/done',
      errorCallback: '/failed',
      storyblokApiBaseUrl: fake.baseUrl,
    };
    const app: Server = createServer(authHandler(params));
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    const cookieOf = (res: Response) =>
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    try {
      const start = await fetch(`${appUrl}/api/connect/storyblok`, { redirect: 'manual' });
      const toStoryblok = new URL(start.headers.get('location') ?? '');
      expect(`${toStoryblok.origin}${toStoryblok.pathname}`).toBe(`${fake.baseUrl}/oauth/authorize`);

      const consent = await fetch(toStoryblok, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(redirectUri);

      const callback = await fetch(`${appUrl}${back.pathname}${back.search}`, {
        redirect: 'manual',
        headers: { cookie: cookieOf(start) },
      });
      expect(callback.headers.get('location')).toBe(`/done?space_id=${fx.spaceId}&user_id=42`);
      const sessionCookie = callback.headers.getSetCookie().find((c) => c.startsWith(`${fx.spaceId}:42:`)) ?? '';
      const jwt = sessionCookie.split(';')[0]?.split('=')[1] ?? '';
      const session = (
        JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
          data: { accessToken: string; refreshToken: string; spaceName: string; roles: string[]; region: string };
        }
      ).data;
      expect(session).toMatchObject({ spaceName: 'Basic Test Space', roles: ['admin'], region: 'eu' });
      const mapi = await fetch(`${fake.mapiUrl}/spaces/${fx.spaceId}`, { headers: bearer(session.accessToken) });
      expect(mapi.status).toBe(200);

      const refreshed = await refreshToken(params, 'eu')(session.refreshToken);
      if (refreshed instanceof Error) throw refreshed;
      const accessToken = refreshed.access_token;
      expect((await fetch(`${fake.mapiUrl}/spaces`, { headers: bearer(accessToken) })).status).toBe(200);
    } finally {
      app.closeAllConnections();
      await new Promise<void>((resolve) => app.close(() => resolve()));
    }
  });
});
