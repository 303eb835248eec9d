import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import { writeBackStory } from '#server/features/write-back/write-back.service.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';

// Each way Storyblok refuses, through the local Storyblok, as the admin who meets it reads it: adding a space,
// a sync run in Settings, a language change, a write-back.

let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let spaceId: number;

const refusedToken =
  'Storyblok refused the token (401: it is wrong, expired or revoked): syncing and writing back wait until an admin gives the space a new one in its settings.';
const forbiddenToken =
  'Storyblok does not let the space’s token access the space or do this (403): its user may have lost access, or their role there may not allow it. Syncing and writing back wait until an admin gives the space, in its settings, a token of a Storyblok user who is an admin of the space.';
const spaceGone =
  'Storyblok no longer has this space for its token (404: the space was deleted in Storyblok, or the token lost access to it): syncing and writing back wait until an admin gives the space a working token in its settings.';

/** Gives the space a token Storyblok knows, as if an admin had; `spaces` are what the token may see. */
async function giveSpaceToken(token: string, spaces: number[]) {
  storyblok.addToken(token, spaces);
  await server.storyblok.storeCredentials(spaceId, server.storyblok.sealPersonalToken(basicFixture.spaceId, token));
}

async function syncEndsWith() {
  await api.call('startSync', { params: { id: spaceId } });
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const status = await api.call('getSyncStatus', { params: { id: spaceId } });
    if (status.status === 'failed') return status.error;
    if (status.status === 'completed') return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the sync did not end in time');
}

beforeAll(async () => {
  // A space the token may not see answers 403, as Storyblok's docs allow.
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir, behaviour: { hiddenSpaceStatus: 403 } });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api, spaceId } = await connectBasicSpace(server, 'refusals'));
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('adding a space', () => {
  it('names a wrong token, a token without the space, a rate limit and an outage', async () => {
    const wrong = await failure(api.call('listAvailableSpaces', { body: { personal_access_token: 'no-such-token' } }));
    expect(wrong).toMatchObject({ code: 'invalid_token', message: 'Invalid personal access token' });

    storyblok.addToken('other-spaces', []);
    const blind = await failure(
      api.call('createSpace', { body: { space_id: basicFixture.spaceId, personal_access_token: 'other-spaces' } }),
    );
    expect(blind).toMatchObject({
      code: 'invalid_token',
      message:
        'Storyblok does not let this token access the space (403). Use a personal access token of a Storyblok user who is an admin of the space.',
    });

    const list = () => api.call('listAvailableSpaces', { body: { personal_access_token: basicFixture.pat } });
    storyblok.traffic.failRate = 1;
    try {
      storyblok.traffic.failStatuses = [429];
      expect(await failure(list())).toMatchObject({
        code: 'storyblok_unavailable',
        message:
          'Storyblok kept answering 429 Too Many Requests for this token, even after waiting and trying again. Please try again in a minute.',
      });
      storyblok.traffic.failStatuses = [503];
      expect(await failure(list())).toMatchObject({
        code: 'storyblok_unavailable',
        message:
          'Storyblok had a failure of its own (503) that lasted through every retry. Please try again in a few minutes.',
      });
    } finally {
      storyblok.traffic.failRate = 0;
    }
  });
});

describe("the space's own token", () => {
  it('a refused token ends the sync run with why and what to do, shown in Settings', async () => {
    await giveSpaceToken('revoked-later', [basicFixture.spaceId]);
    storyblok.revokeToken('revoked-later');
    expect(await syncEndsWith()).toBe(refusedToken);
    await giveSpaceToken(basicFixture.pat, [basicFixture.spaceId]);
  });

  it('a token that may not see the space stops the sync and a language change with the 403 reason', async () => {
    await giveSpaceToken('blind', []);
    const change = await failure(
      api.call('addLanguage', { params: { id: spaceId }, body: { code: 'it', name: 'Italian' } }),
    );
    expect(change).toMatchObject({ code: 'token_issue', message: forbiddenToken });
    await giveSpaceToken(basicFixture.pat, [basicFixture.spaceId]);
    await giveSpaceToken('blind', []);
    expect(await syncEndsWith()).toBe(forbiddenToken);
    await giveSpaceToken(basicFixture.pat, [basicFixture.spaceId]);
  });

  it('a write-back Storyblok refuses with 422 keeps its message, and one that meets an outage says so', async () => {
    const home = await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
      select: { id: true },
    });
    const key = await server.prisma.translatableKey.findFirstOrThrow({
      where: { storyId: home.id, field: 'title' },
      select: { id: true },
    });
    const fr = await server.prisma.spaceLocale.findFirstOrThrow({
      where: { spaceId, code: 'fr' },
      select: { id: true },
    });
    await server.prisma.translation.upsert({
      where: { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: fr.id } },
      create: { translatableKeyId: key.id, spaceLocaleId: fr.id, value: 'Salut', valueText: 'Salut', origin: 'manual' },
      update: { value: 'Salut', valueText: 'Salut' },
      select: { id: true },
    });
    const deps = { prisma: server.prisma, storyblok: server.storyblok };
    const lastError = async () =>
      (
        await server.prisma.storyWriteBack.findUniqueOrThrow({
          where: { storyId: home.id },
          select: { lastError: true },
        })
      ).lastError;

    storyblok.lockStory(basicFixture.spaceId, basicFixture.stories.home, 'Ada Editor');
    await expect(writeBackStory(deps, home.id)).rejects.toMatchObject({ code: 'conflict' });
    expect(await lastError()).toMatch(
      /^Storyblok refused the change \(422: story: is currently locked by Ada Editor\)\. Once that is sorted out in Storyblok \(a story unlocked, for example\), try again\.$/,
    );
    storyblok.lockStory(basicFixture.spaceId, basicFixture.stories.home, null);

    storyblok.traffic.failRate = 1;
    storyblok.traffic.failStatuses = [502];
    try {
      await expect(writeBackStory(deps, home.id)).rejects.toMatchObject({ code: 'storyblok_unavailable' });
    } finally {
      storyblok.traffic.failRate = 0;
    }
    expect(await lastError()).toContain(
      'Storyblok had a failure of its own (502) that lasted through every retry. Please try again in a few minutes.',
    );
    await writeBackStory(deps, home.id);
  });

  it('a space gone from Storyblok ends the sync with the 404 reason', async () => {
    storyblok.state.spaces.delete(basicFixture.spaceId);
    expect(await syncEndsWith()).toBe(spaceGone);
  });
});
