import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { bigStoryData } from '#tests/support/big-story.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { countsAndRecount } from '#tests/support/space-counts.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

// Three in four keys have an unverified German translation: 505 of them are there to verify.
const KEYS = 680;
let dataDir: string;
let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
let homeId: number;
let de: number;

beforeAll(async () => {
  dataDir = bigStoryData(KEYS);
  storyblok = await startFakeStoryblok({ dataDir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl }, countStatements: true });
  ({ api, spaceId } = await connectBasicSpace(server, 'verify'));
  homeId = (
    await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
      select: { id: true },
    })
  ).id;
  de = (await server.prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'de' }, select: { id: true } })).id;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const story = () => api.call('getStory', { params: { storyId: homeId }, query: { locale: 'de' } });

describe('verifying hundreds of keys at once', () => {
  it('verifies 505 keys of a story in at most five SQL statements, its counts equal to a recount', async () => {
    const before = await story();
    expect(before.counts.all).toBe(KEYS);
    const chosen = before.translatable_keys.filter((key) => key.status === 'unverified').slice(0, 505);
    expect(chosen).toHaveLength(505);

    server.statements.reset();
    const answer = await api.call('markAsVerified', {
      body: chosen.map((key) => ({ key: key.key, space_locale_id: de })),
    });
    // Every statement of the request: the caller's session and role, the language's space, and the work.
    const statements = server.statements.texts();
    expect(answer).toEqual({ updated: 505, skipped: [] });
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(5);

    const after = await story();
    expect(after.counts.completed).toBe(before.counts.completed + 505);
    const verified = new Set(after.translatable_keys.filter((key) => key.status === 'verified').map((key) => key.key));
    expect(chosen.every((key) => verified.has(key.key))).toBe(true);
    const { kept, recount } = await countsAndRecount(server.prisma, spaceId);
    expect(kept).toEqual(recount);
  });

  it('unverifies them again in as few, skipping what is already unverified or has no translation', async () => {
    const keys = (await story()).translatable_keys;
    const verified = keys.filter((key) => key.status === 'verified');
    const missing = keys.find((key) => key.status === 'missing')!;
    const unverified = keys.find((key) => key.status === 'unverified')!;

    server.statements.reset();
    const answer = await api.call('markAsUnverified', {
      body: [...verified, missing, unverified].map((key) => ({ key: key.key, space_locale_id: de })),
    });
    expect(server.statements.texts().length).toBeLessThanOrEqual(5);
    expect(answer.updated).toBe(verified.length);
    expect(answer.skipped.sort()).toEqual([missing.key, unverified.key].sort());

    expect((await story()).counts.completed).toBe(0);
    const { kept, recount } = await countsAndRecount(server.prisma, spaceId);
    expect(kept).toEqual(recount);
  });

  it('refuses a language of another space, changing nothing', async () => {
    const key = (await story()).translatable_keys.find((row) => row.status === 'unverified')!;
    const other = await server.prisma.spaceLocale
      .findFirstOrThrow({
        where: { spaceId: { not: spaceId } },
        select: { id: true },
      })
      .catch(() => null);
    const foreignId = other?.id ?? 999_999;
    const refused = await api
      .call('markAsVerified', {
        body: [
          { key: key.key, space_locale_id: de },
          { key: key.key, space_locale_id: foreignId },
        ],
      })
      .then(
        () => null,
        (error: unknown) => error as { status: number; code: string },
      );
    expect(refused).toMatchObject({ status: 404, code: 'not_found' });
    expect((await story()).translatable_keys.find((row) => row.key === key.key)?.status).toBe('unverified');
  });
});
