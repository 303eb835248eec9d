import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { createSecretBox } from '#server/crypto/secret-box.ts';
import { basicFixture as fx } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import type { OAuthIdentity } from '#tests/fakes/storyblok/types.ts';
import { waitForMail } from '#tests/support/auth-client.ts';
import { panelVerifier, RedirectWalker } from '#tests/support/connect-flow.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { fetchTrusting, makeTestCertificate, type TestCertificate } from '#tests/support/tls.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';

const client = { clientId: 'polyblok-panel', clientSecret: 'polyblok-panel-secret-for-tests' };
const panelOrigin = 'https://app.storyblok.test';
const owner: OAuthIdentity = {
  spaceId: fx.spaceId,
  userId: 7,
  userName: 'Olga Owner',
  email: 'olga.owner@example.com',
  roles: [{ name: 'admin' }],
};

let certificate: TestCertificate;
let storyblok: FakeStoryblok;
let server: TestServer;
let send: typeof fetch;

const anonymous = () => createApiClient({ baseUrl: server.baseUrl, fetch: send });
const signedIn = (accessToken: string) =>
  createApiClient({ baseUrl: server.baseUrl, fetch: send, getAccessToken: () => accessToken });

/** Signs in as the panel does: a challenge, Storyblok's consent as `identity`, back on /extension/. */
async function install(identity: OAuthIdentity, walker = new RedirectWalker(send)) {
  storyblok.setOAuthIdentity(identity);
  const { verifier, challenge } = panelVerifier();
  const landing = await walker.walk(
    `${server.baseUrl}/api/connect/storyblok?challenge=${challenge}`,
    (url) => url.pathname === '/extension/',
  );
  return { landing, verifier, walker, code: landing.searchParams.get('connect_code') };
}

async function signInThroughStoryblok(identity: OAuthIdentity) {
  const { code, verifier, landing } = await install(identity);
  expect(code, landing.href).toBeTruthy();
  return anonymous().call('exchangePanelCode', { body: { code: code!, verifier } });
}

/** The space's Storyblok tokens as Polyblok stores them, opened with the server's key. */
async function storedTokens(spaceId: number) {
  const row = await server.prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { tokenEncrypted: true, oauthRefreshEncrypted: true, storyblokSpaceId: true },
  });
  const box = createSecretBox(server.secrets.keyRing);
  return {
    sealed: row.tokenEncrypted!,
    accessToken: box.open(row.tokenEncrypted!, `storyblok-token:${row.storyblokSpaceId}`),
    refreshToken: box.open(row.oauthRefreshEncrypted!, `storyblok-refresh-token:${row.storyblokSpaceId}`),
  };
}

async function waitForFirstSync(api: ApiClient, id: number) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const status = await api.call('getSyncStatus', { params: { id } });
    if (status.status === 'completed') return;
    if (status.status === 'failed') throw new Error(`sync failed: ${status.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the first sync did not finish');
}

beforeAll(async () => {
  certificate = makeTestCertificate();
  send = fetchTrusting(certificate.cert);
  storyblok = await startFakeStoryblok({ dataDir: fx.dir, oauthClients: [client], oauthIdentity: owner });
  server = await startTestServer({
    env: {
      STORYBLOK_MAPI_URL: storyblok.mapiUrl,
      STORYBLOK_OAUTH_URL: storyblok.baseUrl,
      STORYBLOK_OAUTH_CLIENT_ID: client.clientId,
      STORYBLOK_OAUTH_CLIENT_SECRET: client.clientSecret,
      STORYBLOK_APP_ORIGINS: panelOrigin,
      STORYBLOK_TOOL_SLUG: 'acme@polyblok',
      TLS_CERT_FILE: certificate.certFile,
      TLS_KEY_FILE: certificate.keyFile,
    },
    authSettings: { refreshReuseGraceSeconds: 0 },
  });
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
  certificate?.dispose();
});

describe('the Storyblok app install over https', () => {
  it('tells the panel where it may talk and that sign-in works', async () => {
    expect(server.baseUrl).toMatch(/^https:/);
    expect(await anonymous().call('getPanelConfig', {})).toEqual({
      storyblok_origins: [panelOrigin],
      tool_slug: 'acme@polyblok',
      sign_in_available: true,
    });
  });

  it('connects a new space for its owner, invites the new account and hands the panel its own session', async () => {
    const { session, space } = await signInThroughStoryblok(owner);
    expect(space).toMatchObject({ name: 'Basic Test Space', storyblok_space_id: fx.spaceId });

    const api = signedIn(session.access_token);
    const me = await api.call('getMe', {});
    expect(me.email).toBe(owner.email);
    expect(me.spaces).toEqual([
      expect.objectContaining({ id: space.id, pivot: expect.objectContaining({ role: 'owner', status: 'joined' }) }),
    ]);

    const user = await server.prisma.user.findUniqueOrThrow({
      where: { email: owner.email },
      select: { name: true, passwordHash: true, identities: { select: { provider: true, providerId: true } } },
    });
    expect(user).toMatchObject({ name: 'Olga Owner', passwordHash: null });
    expect(user.identities).toEqual(expect.arrayContaining([{ provider: 'storyblok', providerId: '7' }]));
    const welcome = await waitForMail(server, owner.email, { template: 'storyblok_welcome' });
    expect(welcome.text).toContain('/auth/v1/verify?');
    expect(welcome.text).toContain('Set your password');

    // The OAuth token is kept sealed, with its refresh token, and the first sync runs with it.
    const stored = await server.prisma.space.findUniqueOrThrow({
      where: { id: space.id },
      select: { tokenKind: true, tokenEncrypted: true, oauthRefreshEncrypted: true, oauthExpiresAt: true },
    });
    expect(stored.tokenKind).toBe('oauth');
    expect(stored.oauthRefreshEncrypted).toBeTruthy();
    expect(stored.oauthExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    const tokens = await storedTokens(space.id);
    const works = await fetch(`${storyblok.mapiUrl}/spaces/${fx.spaceId}`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(works.status).toBe(200);
    expect(tokens.sealed).not.toContain(tokens.accessToken);
    await waitForFirstSync(api, space.id);
    for (const secret of [tokens.accessToken, tokens.refreshToken, session.refresh_token, session.access_token]) {
      expect(server.logs.text).not.toContain(secret);
    }
  });

  it('matches a collaborator to the existing account by e-mail and lets them translate', async () => {
    const email = 'eddie.editor@example.com';
    const existing = await server.prisma.user.create({
      data: { email, passwordHash: 'set-elsewhere', emailConfirmedAt: new Date(), name: 'Eddie' },
      select: { id: true },
    });
    const editor = { ...owner, userId: 43, userName: 'Eddie Editor', email, roles: [{ name: 'editor' }] };
    const { session, space } = await signInThroughStoryblok(editor);
    expect(session.user.id).toBe(existing.id);
    const me = await signedIn(session.access_token).call('getMe', {});
    expect(me.spaces).toEqual([
      expect.objectContaining({ id: space.id, pivot: expect.objectContaining({ role: 'translator' }) }),
    ]);
    expect(await server.prisma.emailMessage.count({ where: { to: email } })).toBe(0);

    // Coming back later finds the same account by the Storyblok user, even under a new address there.
    const again = await signInThroughStoryblok({ ...editor, email: 'eddie@elsewhere.example' });
    expect(again.session.user.id).toBe(existing.id);
  });

  it('trades a code once, only with its verifier', async () => {
    const first = await install(owner);
    // The panel's page is requested with the code in its address: the request log keeps it out.
    await send(first.landing.href);
    expect(server.logs.text).toContain('connect_code=%5Bredacted%5D');
    expect(server.logs.text).not.toContain(first.code!);
    const wrong = await failure(
      anonymous().call('exchangePanelCode', { body: { code: first.code!, verifier: panelVerifier().verifier } }),
    );
    expect(wrong).toMatchObject({ status: 400, code: 'invalid_connect_code' });
    const { session } = await anonymous().call('exchangePanelCode', {
      body: { code: first.code!, verifier: first.verifier },
    });
    const replay = await failure(
      anonymous().call('exchangePanelCode', { body: { code: first.code!, verifier: first.verifier } }),
    );
    expect(replay).toMatchObject({ status: 400, code: 'invalid_connect_code' });
    // A replayed code is taken as stolen: the session it made is over.
    expect(await failure(signedIn(session.access_token).call('getMe', {}))).toMatchObject({ status: 401 });
    const tampered = await failure(
      anonymous().call('exchangePanelCode', {
        body: { code: `${first.code!.slice(0, -4)}AAAA`, verifier: first.verifier },
      }),
    );
    expect(tampered.code).toBe('invalid_connect_code');
  });

  it('ends on the panel with a reason when the flow breaks', async () => {
    const noChallenge = await new RedirectWalker(send).walk(
      `${server.baseUrl}/api/connect/storyblok`,
      (url) => url.pathname === '/extension/',
    );
    expect(noChallenge.searchParams.get('connect_error')).toBe('session_lost');

    const unknownSpace = await install({ ...owner, spaceId: 999_999 });
    expect(unknownSpace.landing.searchParams.get('connect_error')).toBe('storyblok_refused');

    // The panel's challenge cookie lost on the way (a browser that drops it): no code for anyone.
    storyblok.setOAuthIdentity(owner);
    const walker = new RedirectWalker(send);
    const { challenge } = panelVerifier();
    const atStoryblok = await walker.walk(
      `${server.baseUrl}/api/connect/storyblok?challenge=${challenge}`,
      (url) => url.pathname === '/oauth/authorize',
    );
    walker.cookiesOf(server.baseUrl).delete('polyblok-connect');
    const lost = await walker.walk(atStoryblok.href, (url) => url.pathname === '/extension/');
    expect(lost.searchParams.get('connect_error')).toBe('session_lost');

    const noEmail = await install({ ...owner, userId: 44, userName: 'Nameless', email: 'not-an-address' });
    expect(noEmail.landing.searchParams.get('connect_error')).toBe('no_email');
  });
});

describe('the story open in the panel', () => {
  let api: ApiClient;
  let spaceId: number;

  beforeAll(async () => {
    const { session, space } = await signInThroughStoryblok(owner);
    api = signedIn(session.access_token);
    spaceId = space.id;
  });

  it('shows the story by its Storyblok id with its progress in each language', async () => {
    const panel = await api.call('getPanelStory', { params: { id: spaceId, storyblokStoryId: fx.stories.home } });
    expect(panel.role).toBe('owner');
    expect(panel.space).toMatchObject({ id: spaceId, region: 'eu', cdn_url: 'https://api.storyblok.com/v2/cdn' });
    expect(panel.story).toMatchObject({ name: expect.any(String), key_count: expect.any(Number) });
    expect(panel.story!.key_count).toBeGreaterThan(0);
    expect(panel.locales.map((locale) => locale.code)).toEqual(['de', 'fr']);
    // The home story was already partly translated in Storyblok: imported translations count.
    expect(panel.locales.find((locale) => locale.code === 'de')!.translated_count).toBeGreaterThan(0);

    const unknown = await api.call('getPanelStory', { params: { id: spaceId, storyblokStoryId: 987_654 } });
    expect(unknown.story).toBeNull();
  });

  it('syncs the one story now, renewing the expired OAuth token first', async () => {
    await server.prisma.space.update({ where: { id: spaceId }, data: { oauthExpiresAt: new Date(Date.now() - 1000) } });
    const before = await api.call('getPanelStory', { params: { id: spaceId, storyblokStoryId: fx.stories.home } });
    const story = storyblok.getStory(fx.spaceId, fx.stories.home) as { content: Record<string, unknown> };
    storyblok.editStory(fx.spaceId, fx.stories.home, {
      content: { ...story.content, title: 'A title changed a moment ago in Storyblok' },
    });
    storyblok.clearRequests();

    const synced = await api.call('syncPanelStory', { params: { id: spaceId, storyblokStoryId: fx.stories.home } });
    expect(synced.outcome).toBe('updated');
    expect(synced.story!.storyblok_updated_at).not.toBe(before.story!.storyblok_updated_at);
    expect(storyblok.requests().some((entry) => entry.path.endsWith('/oauth/token'))).toBe(true);
    const renewed = await server.prisma.space.findUniqueOrThrow({
      where: { id: spaceId },
      select: { oauthExpiresAt: true },
    });
    expect(renewed.oauthExpiresAt!.getTime()).toBeGreaterThan(Date.now());

    const again = await api.call('syncPanelStory', { params: { id: spaceId, storyblokStoryId: fx.stories.home } });
    expect(again.outcome).toBe('unchanged');
  });

  it('lets translators sync a story but not viewers, and stops on a token Storyblok revoked', async () => {
    const { session } = await signInThroughStoryblok({
      ...owner,
      userId: 45,
      userName: 'Val Viewer',
      email: 'val@example.com',
      roles: [{ name: 'editor' }],
    });
    const viewer = await server.prisma.user.findUniqueOrThrow({
      where: { email: 'val@example.com' },
      select: { id: true },
    });
    await server.prisma.membership.update({
      where: { spaceId_userId: { spaceId, userId: viewer.id } },
      data: { role: 'viewer' },
    });
    const refused = await failure(
      signedIn(session.access_token).call('syncPanelStory', {
        params: { id: spaceId, storyblokStoryId: fx.stories.team },
      }),
    );
    expect(refused).toMatchObject({ status: 403, code: 'forbidden' });

    // The install was removed in Storyblok: the refresh fails and the space waits for a new token.
    const tokens = await storedTokens(spaceId);
    storyblok.revokeToken(tokens.refreshToken);
    await server.prisma.space.update({ where: { id: spaceId }, data: { oauthExpiresAt: new Date(Date.now() - 1000) } });
    const stopped = await failure(
      api.call('syncPanelStory', { params: { id: spaceId, storyblokStoryId: fx.stories.team } }),
    );
    expect(stopped).toMatchObject({ status: 409, code: 'token_issue' });

    // Opening the panel again (a new install) brings a fresh token and clears the issue.
    await signInThroughStoryblok(owner);
    const resumed = await api.call('syncPanelStory', { params: { id: spaceId, storyblokStoryId: fx.stories.team } });
    expect(['updated', 'unchanged']).toContain(resumed.outcome);
  });
});

describe('headers of the panel and the install', () => {
  it('lets only Storyblok frame /extension/, frames nothing else, and keeps the sign-in popup tied to the panel', async () => {
    const panel = await send(`${server.baseUrl}/extension/`);
    expect(panel.headers.get('content-security-policy')).toContain(`frame-ancestors ${panelOrigin};`);
    expect(panel.headers.get('x-frame-options')).toBeNull();
    expect(panel.headers.get('cross-origin-opener-policy')).toBeNull();

    const start = await send(`${server.baseUrl}/api/connect/storyblok?challenge=${panelVerifier().challenge}`);
    expect(start.status).toBe(302);
    expect(start.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(start.headers.get('x-frame-options')).toBe('DENY');
    expect(start.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(start.headers.getSetCookie().join('\n')).toMatch(
      /polyblok-connect=[^;]+; Path=\/api\/connect;[^\n]*HttpOnly; Secure; SameSite=None; Partitioned/,
    );

    for (const path of ['/', '/spaces/1/content', '/api/health', '/api/connect/panel_config']) {
      const response = await send(`${server.baseUrl}${path}`);
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('answers that the install is off when no Storyblok app is configured', async () => {
    const plain = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
    try {
      const config = await createApiClient({ baseUrl: plain.baseUrl }).call('getPanelConfig', {});
      expect(config.sign_in_available).toBe(false);
      const start = await fetch(`${plain.baseUrl}/api/connect/storyblok?challenge=${panelVerifier().challenge}`, {
        redirect: 'manual',
      });
      expect(start.headers.get('location')).toBe('/extension/?connect_error=not_configured');
    } finally {
      await plain.close();
    }
  });
});
