import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_PREFIX } from '#contract/api-token-rules.ts';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { apiFailure } from '#tests/support/api-failure.ts';
import { authFetch, createAccount, expectAuthError, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace, type ConnectedSpace } from '#tests/support/connected-space.ts';
import { createTestClock } from '#tests/support/test-clock.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

/** Personal API tokens: made in the profile, acting for scripts on /api within their spaces and role. */

const clock = createTestClock();
let storyblok: FakeStoryblok;
let server: TestServer;
let owner: ConnectedSpace;
/** A second space of the owner's, which the tokens below are not given. */
let otherSpaceId: number;

const clientWith = (token: string): ApiClient =>
  createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => token });

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl }, clock });
  owner = await connectBasicSpace(server, 'token-owner');
  const other = await server.prisma.space.create({
    data: {
      name: 'Second site',
      storyblokSpaceId: 7_000_001n,
      region: 'eu',
      memberships: { create: { userId: owner.userId, role: 'owner', status: 'joined' } },
    },
    select: { id: true },
  });
  otherSpaceId = other.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

async function newToken(
  api: ApiClient,
  body: { name?: string; space_ids?: number[]; role?: 'owner' | 'admin' | 'editor' | 'translator' | 'viewer' } = {},
) {
  return api.call('createApiToken', {
    body: { name: body.name ?? 'CI', space_ids: body.space_ids ?? [owner.spaceId], role: body.role ?? 'editor' },
  });
}

describe('creating, listing and revoking', () => {
  it('shows the secret once, keeps only its hash, and lists the token without it', async () => {
    const created = await newToken(owner.api, { name: 'Nightly sync', role: 'editor' });
    expect(created.secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(created.secret.length).toBeGreaterThanOrEqual(API_TOKEN_PREFIX.length + 43);
    expect(created.token).toMatchObject({
      name: 'Nightly sync',
      role: 'editor',
      spaces: [{ id: owner.spaceId, name: expect.any(String) }],
      last_used_at: null,
      expires_at: null,
      revoked_at: null,
    });
    const row = await server.prisma.apiToken.findUniqueOrThrow({
      where: { id: created.token.id },
      select: { tokenHash: true },
    });
    expect(row.tokenHash).toBe(createHash('sha256').update(created.secret).digest('hex'));

    const { tokens } = await owner.api.call('listApiTokens', {});
    const listed = tokens.find((token) => token.id === created.token.id);
    expect(listed).toEqual(created.token);
    expect(JSON.stringify(tokens)).not.toContain(created.secret);
  });

  it('acts as its user, and a revoked token is refused on its very next request', async () => {
    const { token, secret } = await newToken(owner.api, { name: 'Revoke me' });
    const script = clientWith(secret);
    expect((await script.call('getMe', {})).id).toBe(owner.userId);

    const revoked = await owner.api.call('revokeApiToken', { params: { tokenId: token.id } });
    expect(revoked.revoked_at).not.toBeNull();
    expect(await apiFailure(script.call('getMe', {}))).toMatchObject({ status: 401, code: 'invalid_api_token' });

    const events = await owner.api.call('getAuditLog', { params: { id: owner.spaceId }, query: { limit: 20 } });
    const mine = events.events.filter((event) => event.target_id === token.id).map((event) => event.action);
    expect(mine.sort()).toEqual(['api_token.created', 'api_token.revoked']);
  });

  it('refuses an unknown or expired token at once, with a code a script can read', async () => {
    expect(await apiFailure(clientWith(`${API_TOKEN_PREFIX}not-a-real-token`).call('getMe', {}))).toMatchObject({
      status: 401,
      code: 'invalid_api_token',
    });
    const expiresAt = new Date(clock.now() + 10 * 60_000).toISOString();
    const { secret } = await owner.api.call('createApiToken', {
      body: { name: 'Short-lived', space_ids: [owner.spaceId], role: 'viewer', expires_at: expiresAt },
    });
    const script = clientWith(secret);
    expect((await script.call('getSyncStatus', { params: { id: owner.spaceId } })).status).toBe('completed');
    clock.advance(10 * 60_000);
    expect(await apiFailure(script.call('getMe', {}))).toMatchObject({ status: 401, code: 'invalid_api_token' });
  });

  it('refuses an expiry in the past, and a name left empty, creating nothing', async () => {
    const before = await server.prisma.apiToken.count();
    const past = new Date(clock.now() - 1000).toISOString();
    expect(
      await apiFailure(
        owner.api.call('createApiToken', {
          body: { name: 'Old', space_ids: [owner.spaceId], role: 'viewer', expires_at: past },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(await apiFailure(newToken(owner.api, { name: '  ' }))).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
    expect(await server.prisma.apiToken.count()).toBe(before);
  });

  it('notes its last use, at most once a minute', async () => {
    const { token, secret } = await newToken(owner.api, { name: 'Used' });
    const script = clientWith(secret);
    const lastUse = async () =>
      (await owner.api.call('listApiTokens', {})).tokens.find((listed) => listed.id === token.id)!.last_used_at;
    await script.call('getMe', {});
    const first = await lastUse();
    expect(first).toBe(new Date(clock.now()).toISOString());
    clock.advance(30_000);
    await script.call('getMe', {});
    expect(await lastUse()).toBe(first);
    clock.advance(31_000);
    await script.call('getMe', {});
    expect(await lastUse()).toBe(new Date(clock.now()).toISOString());
  });
});

describe('what a token may do', () => {
  it('never has a higher role than its creator in a chosen space, nor a space its creator is not in', async () => {
    const email = uniqueEmail('token-translator');
    const session = await createAccount(server, email);
    await owner.api.call('inviteUser', { params: { id: owner.spaceId }, body: { email, role: 'translator' } });
    const translator = clientWith(session.access_token);
    await translator.call('acceptInvite', { params: { id: owner.spaceId } });

    expect(await apiFailure(newToken(translator, { role: 'editor' }))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    expect(await apiFailure(newToken(translator, { role: 'viewer', space_ids: [otherSpaceId] }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    const { secret } = await newToken(translator, { role: 'translator' });
    expect(await apiFailure(clientWith(secret).call('startSync', { params: { id: owner.spaceId } }))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
  });

  it('acts with the lower of its role and its creator’s current one', async () => {
    const viewerToken = await newToken(owner.api, { role: 'viewer' });
    const asViewer = clientWith(viewerToken.secret);
    expect((await asViewer.call('getSyncStatus', { params: { id: owner.spaceId } })).status).toBeDefined();
    expect(await apiFailure(asViewer.call('startSync', { params: { id: owner.spaceId } }))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    const me = await asViewer.call('getMe', {});
    expect(me.spaces.map((space) => [space.id, space.pivot.role])).toEqual([[owner.spaceId, 'viewer']]);

    // An admin's admin token turns viewer with its creator.
    const email = uniqueEmail('token-admin');
    const session = await createAccount(server, email);
    await owner.api.call('inviteUser', { params: { id: owner.spaceId }, body: { email, role: 'admin' } });
    const admin = clientWith(session.access_token);
    await admin.call('acceptInvite', { params: { id: owner.spaceId } });
    const adminToken = clientWith((await newToken(admin, { role: 'admin' })).secret);
    expect((await adminToken.call('getWebhookSettings', { params: { id: owner.spaceId } })) !== null).toBe(true);
    await owner.api.call('changeRole', {
      params: { id: owner.spaceId },
      body: { user_id: session.user.id, role: 'viewer' },
    });
    expect(await apiFailure(adminToken.call('getWebhookSettings', { params: { id: owner.spaceId } }))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
  });

  it('reaches only its spaces: another space of its user does not exist for it', async () => {
    const { secret } = await newToken(owner.api, { role: 'owner' });
    const script = clientWith(secret);
    expect(await apiFailure(script.call('getSyncStatus', { params: { id: otherSpaceId } }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect((await script.call('getMe', {})).spaces.map((space) => space.id)).toEqual([owner.spaceId]);
    // The same user, signed in, sees both.
    const mine = (await owner.api.call('getMe', {})).spaces.map((space) => space.id);
    expect(mine).toEqual(expect.arrayContaining([owner.spaceId, otherSpaceId]));
  });

  it('cannot manage tokens or create spaces, and is refused by the auth API', async () => {
    const { token, secret } = await newToken(owner.api, { role: 'owner' });
    const script = clientWith(secret);
    const notAllowed = { status: 403, code: 'api_token_not_allowed' };
    expect(await apiFailure(script.call('listApiTokens', {}))).toMatchObject(notAllowed);
    expect(await apiFailure(newToken(script, { role: 'viewer' }))).toMatchObject(notAllowed);
    expect(await apiFailure(script.call('revokeApiToken', { params: { tokenId: token.id } }))).toMatchObject(
      notAllowed,
    );
    expect(
      await apiFailure(
        script.call('createSpace', { body: { space_id: basicFixture.spaceId, personal_access_token: 'x' } }),
      ),
    ).toMatchObject(notAllowed);
    expect((await server.prisma.apiToken.findUniqueOrThrow({ where: { id: token.id } })).revokedAt).toBeNull();

    for (const [path, method] of [
      ['/user', 'GET'],
      ['/user', 'PUT'],
      ['/factors', 'POST'],
      ['/logout', 'POST'],
    ] as const) {
      const response = await authFetch(server, path, {
        method,
        token: secret,
        body: method === 'GET' ? undefined : {},
      });
      expect({ path, method, status: response.status }).toEqual({ path, method, status: 401 });
      await expectAuthError(response, 401, 'no_authorization');
    }
  });

  it('cannot revoke another user’s token', async () => {
    const { token } = await newToken(owner.api, { role: 'viewer' });
    const stranger = clientWith((await createAccount(server, uniqueEmail('token-stranger'))).access_token);
    expect(await apiFailure(stranger.call('revokeApiToken', { params: { tokenId: token.id } }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
});
