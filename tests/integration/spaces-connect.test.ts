import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let owner: ApiClient;
let spaceId: number;
const seenBodies: string[] = [];

async function clientFor(email: string): Promise<{ api: ApiClient; userId: string }> {
  const session = await createAccount(server, email);
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    seenBodies.push(await response.clone().text());
    return response;
  };
  return {
    api: createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token, fetch: recording }),
    userId: session.user.id,
  };
}

async function waitForSync(api: ApiClient, id: number) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const status = await api.call('getSyncStatus', { params: { id } });
    if (status.sync_batch_id === null) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('sync did not finish');
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  owner = (await clientFor(uniqueEmail('owner'))).api;
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('connecting a Storyblok space', () => {
  it('refuses an invalid personal access token with the specification’s message', async () => {
    const error = await failure(owner.call('listAvailableSpaces', { body: { personal_access_token: 'not-a-token' } }));
    expect(error).toMatchObject({ code: 'invalid_token', status: 422, message: 'Invalid personal access token' });
    const empty = await failure(owner.call('listAvailableSpaces', { body: { personal_access_token: '   ' } }));
    expect(empty).toMatchObject({
      code: 'invalid_request',
      details: [{ path: 'body.personal_access_token', message: 'Enter a personal access token' }],
    });
  });

  it('lists the token’s spaces', async () => {
    const spaces = await owner.call('listAvailableSpaces', { body: { personal_access_token: basicFixture.pat } });
    expect(spaces).toEqual([
      { id: basicFixture.spaceId, name: expect.any(String), region: 'eu', already_associated: false },
    ]);
  });

  it('creates the space with its languages, makes the caller owner, and runs the first sync to the end', async () => {
    const created = await owner.call('createSpace', {
      body: { space_id: basicFixture.spaceId, personal_access_token: basicFixture.pat },
    });
    expect(created).toMatchObject({ status: 'joined', sync_batch_id: expect.any(String) });
    spaceId = created.id;
    const status = await waitForSync(owner, spaceId);
    expect(status).toMatchObject({ status: 'completed', has_token_issue: false, error: null });
    expect(status.synced_at).not.toBeNull();
    const me = await owner.call('getMe', {});
    const space = me.spaces.find((entry) => entry.id === spaceId)!;
    expect(space.pivot).toMatchObject({ role: 'owner', status: 'joined' });
    expect(space.space_locales.map((locale) => locale.code).sort()).toEqual([...basicFixture.languages].sort());
    expect(space.translatable_keys_count).toBeGreaterThan(0);
    expect(space.preview_token).toBe(basicFixture.previewToken);
    // The region Storyblok named at connect, which tells the editor which CDN serves the space.
    expect(space.region).toBe('eu');
  });

  it('turns adding a space that is already in Polyblok into a request to join it', async () => {
    const other = (await clientFor(uniqueEmail('newcomer'))).api;
    const spaces = await other.call('listAvailableSpaces', { body: { personal_access_token: basicFixture.pat } });
    expect(spaces[0]!.already_associated).toBe(true);
    const created = await other.call('createSpace', {
      body: { space_id: basicFixture.spaceId, personal_access_token: basicFixture.pat },
    });
    expect(created).toEqual({ id: spaceId, status: 'requesting', sync_batch_id: null });
    expect((await failure(other.call('getSyncStatus', { params: { id: spaceId } }))).status).toBe(404);
  });

  it('answers 404 to non-members and 403 to roles below the endpoint’s', async () => {
    const { api, userId } = await clientFor(uniqueEmail('translator'));
    expect(await failure(api.call('startSync', { params: { id: spaceId } }))).toMatchObject({
      code: 'not_found',
      status: 404,
    });
    await server.prisma.membership.create({ data: { spaceId, userId, role: 'translator', status: 'joined' } });
    expect((await api.call('getSyncStatus', { params: { id: spaceId } })).status).toBe('completed');
    expect(await failure(api.call('startSync', { params: { id: spaceId } }))).toMatchObject({
      code: 'forbidden',
      status: 403,
    });
    expect(
      await failure(api.call('addLanguage', { params: { id: spaceId }, body: { code: 'es', name: 'Spanish' } })),
    ).toMatchObject({ status: 403 });
  });
});

describe('languages, mirrored into Storyblok', () => {
  const storyblokCodes = () =>
    (storyblok.space(basicFixture.spaceId).languages as Array<{ code: string }>)
      .map((language) => language.code)
      .sort();

  it('validates codes and names as the specification says', async () => {
    const error = await failure(
      owner.call('addLanguage', { params: { id: spaceId }, body: { code: 'pt br', name: 'x'.repeat(51) } }),
    );
    expect(error.details).toEqual([
      { path: 'body.code', message: 'Only letters, numbers, dashes and underscores are allowed' },
      { path: 'body.name', message: 'Language name must be at most 50 characters' },
    ]);
  });

  it('adds, edits and deletes a language in Polyblok and in Storyblok', async () => {
    const added = await owner.call('addLanguage', { params: { id: spaceId }, body: { code: 'es', name: 'Spanish' } });
    expect(added).toMatchObject({ code: 'es', name: 'Spanish', translated_key_count: 0 });
    expect(added.missing_translated_keys_count).toBeGreaterThan(0);
    expect(storyblokCodes()).toEqual(['de', 'es', 'fr']);
    expect(
      await failure(owner.call('addLanguage', { params: { id: spaceId }, body: { code: 'ES', name: 'Again' } })),
    ).toMatchObject({ code: 'conflict' });

    const edited = await owner.call('editLanguage', {
      params: { id: spaceId },
      body: { id: added.id, code: 'es-mx', name: 'Spanish (Mexico)' },
    });
    expect(edited).toMatchObject({ id: added.id, code: 'es-mx' });
    expect(storyblokCodes()).toEqual(['de', 'es-mx', 'fr']);

    await owner.call('deleteLanguage', { params: { id: spaceId }, body: { id: added.id } });
    expect(storyblokCodes()).toEqual(['de', 'fr']);
    const me = await owner.call('getMe', {});
    expect(
      me.spaces
        .find((space) => space.id === spaceId)!
        .space_locales.map((locale) => locale.code)
        .sort(),
    ).toEqual(['de', 'fr']);
    expect(
      await failure(owner.call('deleteLanguage', { params: { id: spaceId }, body: { id: added.id } })),
    ).toMatchObject({ code: 'not_found' });
  });

  it('changes nothing in Polyblok when Storyblok cannot take the change', async () => {
    storyblok.traffic.failRate = 1;
    try {
      const error = await failure(
        owner.call('addLanguage', { params: { id: spaceId }, body: { code: 'it', name: 'Italian' } }),
      );
      expect(error.code).toBe('storyblok_unavailable');
    } finally {
      storyblok.traffic.failRate = 0;
    }
    expect(await server.prisma.spaceLocale.count({ where: { spaceId, code: 'it' } })).toBe(0);
  });
});

describe('a token that stops working', () => {
  it('stops syncing, says so, and resumes with a new token', async () => {
    storyblok.revokeToken(basicFixture.pat);
    await owner.call('startSync', { params: { id: spaceId } });
    const stopped = await waitForSync(owner, spaceId);
    expect(stopped).toMatchObject({ has_token_issue: true, status: 'failed' });
    expect(await failure(owner.call('startSync', { params: { id: spaceId } }))).toMatchObject({
      code: 'token_issue',
      message: 'Sync has been stopped with the Storyblok Space, please provide a valid token',
    });
    expect(
      await failure(
        owner.call('replaceSpaceToken', { params: { id: spaceId }, body: { personal_access_token: 'wrong' } }),
      ),
    ).toMatchObject({ code: 'invalid_token' });

    storyblok.addToken('fresh-pat', [basicFixture.spaceId]);
    const resumed = await owner.call('replaceSpaceToken', {
      params: { id: spaceId },
      body: { personal_access_token: 'fresh-pat' },
    });
    expect(resumed.has_token_issue).toBe(false);
    expect(await waitForSync(owner, spaceId)).toMatchObject({ status: 'completed', has_token_issue: false });
  });

  it('never shows a token in an answer or a log line', () => {
    for (const secret of [basicFixture.pat, 'fresh-pat']) {
      expect(seenBodies.some((body) => body.includes(secret))).toBe(false);
      expect(server.logs.text).not.toContain(secret);
    }
    expect(seenBodies.length).toBeGreaterThan(10);
  });
});
