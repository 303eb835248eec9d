import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import { pendingWriteBackSql, queueForgottenWriteBacks, scheduleWriteBack } from '#server/features/write-back/index.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { waitForMail } from '#tests/support/auth-client.ts';
import { connectBasicSpace, storyNodeId } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { until } from '#tests/support/until.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
let homeId: number;

/** Saves a translation as the content API will, then asks for the write-back as it will. */
async function saveTranslation(field: string, code: string, value: string, verified = false) {
  await storeTranslation(field, code, value, verified);
  await scheduleWriteBack({ prisma: server.prisma, queue: server.queue }, [homeId]);
}

async function storeTranslation(field: string, code: string, value: string, verified: boolean) {
  const key = await server.prisma.translatableKey.findFirstOrThrow({
    where: { storyId: homeId, field },
    select: { id: true, hash: true },
  });
  const locale = await server.prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code }, select: { id: true } });
  const data = { value, valueText: value, origin: 'manual' as const, referenceHash: verified ? key.hash : null };
  await server.prisma.translation.upsert({
    where: { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: locale.id } },
    create: { translatableKeyId: key.id, spaceLocaleId: locale.id, ...data },
    update: data,
  });
}

const homeContent = () =>
  storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content as Record<string, unknown> & {
    body: Array<Record<string, unknown>>;
  };
const storyWrites = () =>
  storyblok
    .requests()
    .filter(
      (request: { method: string; path: string }) => request.method === 'PUT' && request.path.includes('/stories/'),
    );

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api, spaceId } = await connectBasicSpace(server, 'writer'));
  homeId = await storyNodeId(server.prisma, spaceId, basicFixture.stories.home);
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('write-back through the job queue', () => {
  it('sends edits made to one story within a few seconds as one write', async () => {
    storyblok.clearRequests();
    await saveTranslation('title', 'fr', 'Bienvenue');
    await saveTranslation('headline', 'de', 'Hallo zusammen');
    await saveTranslation('title', 'de', 'Herzlich willkommen');
    expect((await api.call('getSpaceSettings', { params: { id: spaceId } })).write_back.pending).toBe(1);

    await until(
      async () => storyWrites().length,
      (writes) => writes > 0,
    );
    await until(
      () => api.call('getSpaceSettings', { params: { id: spaceId } }),
      (settings) => settings.write_back.pending === 0,
    );
    expect(storyWrites()).toHaveLength(1);
    const content = homeContent();
    expect(content).toMatchObject({ title__i18n__fr: 'Bienvenue', title__i18n__de: 'Herzlich willkommen' });
    expect(content.body[0]).toMatchObject({ headline__i18n__de: 'Hallo zusammen' });
    expect((await api.call('getSpaceSettings', { params: { id: spaceId } })).write_back.last_written_at).not.toBeNull();
  });

  it('leaves each translation’s time of change as it was, so a save started before the write still goes', async () => {
    await saveTranslation('headline', 'fr', 'Bonjour à tous');
    const changedAt = async () =>
      await server.prisma.translation.findFirstOrThrow({
        where: { translatableKey: { storyId: homeId, field: 'headline' }, spaceLocale: { code: 'fr' } },
        select: { updatedAt: true, writtenHash: true },
      });
    const before = await changedAt();
    await until(
      () => api.call('getSpaceSettings', { params: { id: spaceId } }),
      (settings) => settings.write_back.pending === 0,
    );
    const after = await changedAt();
    expect(after.writtenHash).not.toBe(before.writtenHash);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it('holds unverified translations back when the space sends verified ones only', async () => {
    const settings = await api.call('updateSpaceSettings', {
      params: { id: spaceId },
      body: { write_back_mode: 'verified_only' },
    });
    expect(settings.write_back_mode).toBe('verified_only');
    await saveTranslation('title', 'fr', 'Salut, pas encore vérifié');
    await saveTranslation('headline', 'fr', 'Bonjour à tous', true);
    await until(
      () => api.call('getSpaceSettings', { params: { id: spaceId } }),
      (current) => current.write_back.pending === 0,
    );
    await until(
      async () => homeContent().body[0]!.headline__i18n__fr,
      (value) => value === 'Bonjour à tous',
    );
    expect(homeContent().title__i18n__fr).toBe('Bienvenue');
  });

  it('writes a story marked for writing whose job was never queued, as a process stopped between the two leaves it', async () => {
    await until(
      () => api.call('getSpaceSettings', { params: { id: spaceId } }),
      (settings) => settings.write_back.pending === 0,
    );
    storyblok.clearRequests();
    const deps = { prisma: server.prisma, queue: server.queue };
    // The save committed its translation and the mark; the process stopped before it queued the job.
    await storeTranslation('title', 'de', 'Nicht vergessen', true);
    await server.prisma.$executeRaw`WITH ${pendingWriteBackSql([homeId])} SELECT 1`;
    expect(await queueForgottenWriteBacks(deps)).toEqual([]);

    // A minute later it is still pending. Had an attempt failed since, the job's own retries would be under way.
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const mark = (data: { dueAt: Date; failedAt: Date | null }) =>
      server.prisma.storyWriteBack.update({ where: { storyId: homeId }, data });
    await mark({ dueAt: minutesAgo(2), failedAt: minutesAgo(1) });
    expect(await queueForgottenWriteBacks(deps)).toEqual([]);
    await mark({ dueAt: minutesAgo(2), failedAt: null });
    expect(await queueForgottenWriteBacks(deps)).toEqual([homeId]);

    await until(
      async () => storyWrites().length,
      (writes) => writes > 0,
    );
    expect(storyWrites()).toHaveLength(1);
    expect(homeContent()).toMatchObject({ title__i18n__de: 'Nicht vergessen' });
  });

  it('shows a failed write and its reason', async () => {
    await api.call('updateSpaceSettings', { params: { id: spaceId }, body: { write_back_mode: 'all' } });
    await until(
      () => api.call('getSpaceSettings', { params: { id: spaceId } }),
      (current) => current.write_back.pending === 0,
    );
    storyblok.revokeToken(basicFixture.pat);
    await saveTranslation('headline', 'de', 'Noch ein Versuch');
    const settings = await until(
      () => api.call('getSpaceSettings', { params: { id: spaceId } }),
      (current) => current.write_back.failed === 1,
    );
    expect(settings.write_back.last_error).toMatch(/refused the token/);
    expect((await server.prisma.space.findUniqueOrThrow({ where: { id: spaceId } })).hasTokenIssue).toBe(true);

    // The space's owner hears of it once, with what to do, however many writes meet the refusal.
    const owner = await server.prisma.membership.findFirstOrThrow({
      where: { spaceId, role: 'owner' },
      select: { user: { select: { email: true } } },
    });
    const mail = await waitForMail(server, owner.user.email, { template: 'token_refused' });
    expect(mail.text).toContain('refused the token');
    expect(mail.text).toContain(`${server.baseUrl}/spaces/${spaceId}/settings`);
    const secondSave = new Date();
    await saveTranslation('title', 'de', 'Noch einmal');
    await until(
      () => server.prisma.storyWriteBack.findUniqueOrThrow({ where: { storyId: homeId } }),
      (row) => row.status === 'failed' && row.updatedAt > secondSave,
    );
    expect(await server.prisma.emailMessage.count({ where: { template: 'token_refused' } })).toBe(1);
  });
});
