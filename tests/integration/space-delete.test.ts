import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#contract/roles.ts';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import type { AiTranslator } from '#server/adapters/openai/ai-translator.ts';
import { createAiTranslateJob } from '#server/features/ai/ai-translate.job.ts';
import { createStorySyncJob } from '#server/features/sync/story-sync.job.ts';
import { createWriteBackJob } from '#server/features/write-back/write-back.job.ts';
import type { JobContext } from '#server/jobs/define-job.ts';
import { runAttempt } from '#server/jobs/run-attempt.ts';
import { createLogger } from '#server/logger.ts';
import type { StoryblokAccess } from '#server/storyblok-access/index.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { LogCapture } from '#tests/support/log-capture.ts';
import { withSpaceCalls } from '#tests/support/storyblok-access.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';
import { until as waitUntil } from '#tests/support/until.ts';

interface Person {
  api: ApiClient;
  userId: string;
  email: string;
}

let storyblok: FakeStoryblok;
let server: TestServer;
let owner: Person;
let admin: Person;
let translator: Person;
let outsider: Person;
let spaceId: number;
/** What the first connect imported, to compare a later connect of the same Storyblok space with. */
let imported: { keys: number; translations: number };

async function person(prefix: string): Promise<Person> {
  const email = uniqueEmail(prefix);
  const session = await createAccount(server, email);
  const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
  return { api, userId: session.user.id, email };
}

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) =>
  waitUntil(read, done, { what, timeoutMs: 30_000, everyMs: 50 });

/** Connects the basic Storyblok space as the person and waits for its first sync to finish. */
async function connect(someone: Person): Promise<number> {
  const created = await someone.api.call('createSpace', {
    body: { space_id: basicFixture.spaceId, personal_access_token: basicFixture.pat },
  });
  expect(created.status).toBe('joined');
  await until(
    () => someone.api.call('getSyncStatus', { params: { id: created.id } }),
    (status) => status.status === 'completed',
    'the first sync',
  );
  return created.id;
}

async function join(space: number, someone: Person, role: Role, by: Person): Promise<void> {
  await by.api.call('inviteUser', { params: { id: space }, body: { email: someone.email, role } });
  await someone.api.call('acceptInvite', { params: { id: space } });
}

async function nodeId(space: number, storyblokId: number): Promise<number> {
  const node = await server.prisma.storyNode.findFirstOrThrow({
    where: { spaceId: space, storyblokId: BigInt(storyblokId) },
    select: { id: true },
  });
  return node.id;
}

/** Every row Polyblok keeps for the space, counted table by table through the ids the space had. */
async function holdings(space: number, ids: { stories: number[]; keys: number[]; locales: number[] }) {
  const { prisma } = server;
  const byKey = { translatableKeyId: { in: ids.keys } };
  const byStory = { storyId: { in: ids.stories } };
  return {
    space: await prisma.space.count({ where: { id: space } }),
    memberships: await prisma.membership.count({ where: { spaceId: space } }),
    locales: await prisma.spaceLocale.count({ where: { spaceId: space } }),
    components: await prisma.storyblokComponent.count({ where: { spaceId: space } }),
    storyNodes: await prisma.storyNode.count({ where: { spaceId: space } }),
    keys: await prisma.translatableKey.count({ where: { id: { in: ids.keys } } }),
    translations: await prisma.translation.count({ where: byKey }),
    translationsOfLocales: await prisma.translation.count({ where: { spaceLocaleId: { in: ids.locales } } }),
    storyStats: await prisma.storyLocaleStat.count({ where: byStory }),
    writeBacks: await prisma.storyWriteBack.count({ where: byStory }),
    batches: await prisma.translationBatch.count({ where: { spaceId: space } }),
    asks: await prisma.translationAsk.count({ where: byKey }),
    aiUsage: await prisma.aiUsage.count({ where: { spaceId: space } }),
    glossaryTerms: await prisma.glossaryTerm.count({ where: { spaceId: space } }),
    glossaryTermLocales: await prisma.glossaryTermLocale.count({ where: { spaceLocaleId: { in: ids.locales } } }),
    syncRuns: await prisma.syncRun.count({ where: { spaceId: space } }),
    auditEvents: await prisma.auditEvent.count({ where: { spaceId: space } }),
    subscription: await prisma.subscription.count({ where: { spaceId: space } }),
  };
}

async function idsOf(space: number) {
  const { prisma } = server;
  const stories = await prisma.storyNode.findMany({ where: { spaceId: space }, select: { id: true } });
  const keys = await prisma.translatableKey.findMany({ where: { spaceId: space }, select: { id: true } });
  const locales = await prisma.spaceLocale.findMany({ where: { spaceId: space }, select: { id: true } });
  return {
    stories: stories.map((row) => row.id),
    keys: keys.map((row) => row.id),
    locales: locales.map((row) => row.id),
  };
}

/** One of each thing a space gathers in use, beyond what the sync imported. */
async function useSpace(space: number, by: string): Promise<void> {
  const { prisma } = server;
  const home = await nodeId(space, basicFixture.stories.home);
  const key = await prisma.translatableKey.findFirstOrThrow({ where: { storyId: home }, select: { id: true } });
  const de = await prisma.spaceLocale.findFirstOrThrow({ where: { spaceId: space, code: 'de' }, select: { id: true } });
  const fr = await prisma.spaceLocale.findFirstOrThrow({ where: { spaceId: space, code: 'fr' }, select: { id: true } });
  await prisma.translation.upsert({
    where: { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: fr.id } },
    create: { translatableKeyId: key.id, spaceLocaleId: fr.id, value: 'Bienvenue', valueText: 'Bienvenue' },
    update: { value: 'Bienvenue', valueText: 'Bienvenue', origin: 'manual' },
  });
  await prisma.storyWriteBack.upsert({
    where: { storyId: home },
    create: { storyId: home, status: 'failed', lastError: 'Storyblok was down' },
    update: { status: 'failed' },
  });
  const batch = await prisma.translationBatch.create({
    data: { spaceId: space, spaceLocaleId: de.id, scope: 'keys', requestedById: by, total: 1 },
    select: { id: true },
  });
  await prisma.translationAsk.upsert({
    where: { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: de.id } },
    create: { translatableKeyId: key.id, spaceLocaleId: de.id, batchId: batch.id, requestedById: by },
    update: { batchId: batch.id },
  });
  await prisma.aiUsage.create({ data: { spaceId: space, day: new Date('2026-01-02'), words: 12, requests: 1 } });
  await prisma.glossaryTerm.create({
    data: {
      spaceId: space,
      translatable: 'Welcome',
      translated: 'Willkommen',
      createdById: by,
      locales: { create: [{ spaceLocaleId: de.id }] },
    },
  });
  // A cancelled plan's record: a live subscription must be cancelled before its space may go (billing tests).
  await prisma.subscription.create({
    data: { id: `sub_${space}`, spaceId: space, customerId: 'cus_1', status: 'canceled', priceCents: 4900 },
  });
}

/** The job context a worker gives a handler: a first attempt, whose log is kept for the test to read. */
function jobContext(logs: LogCapture): JobContext {
  return {
    jobId: 'test-job',
    retryCount: 0,
    signal: new AbortController().signal,
    logger: createLogger({ level: 'debug', destination: logs }),
    send: () => Promise.resolve(null),
  };
}

/** Warnings and errors in a log (pino levels: 40 warn, 50 error, 60 fatal). */
const problemsIn = (logs: LogCapture) => logs.entries().filter((entry) => (entry.level as number) >= 40);

const storyWrites = () =>
  storyblok.requests().filter((request) => request.method === 'PUT' && request.path.includes('/stories/'));

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  owner = await person('space-owner');
  admin = await person('space-admin');
  translator = await person('space-translator');
  outsider = await person('outsider');
  spaceId = await connect(owner);
  await join(spaceId, admin, 'admin', owner);
  await join(spaceId, translator, 'translator', owner);
  imported = {
    keys: await server.prisma.translatableKey.count({ where: { spaceId } }),
    translations: await server.prisma.translation.count({ where: { translatableKey: { spaceId } } }),
  };
  await useSpace(spaceId, owner.userId);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('deleting a space', () => {
  it('is refused to admins and the roles below (403) and to outsiders (404), and then changes nothing', async () => {
    const ids = await idsOf(spaceId);
    const before = await holdings(spaceId, ids);
    expect(Object.values(before).every((count) => count > 0)).toBe(true);

    expect(await failure(admin.api.call('deleteSpace', { params: { id: spaceId } }))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    expect(await failure(translator.api.call('deleteSpace', { params: { id: spaceId } }))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    expect(await failure(outsider.api.call('deleteSpace', { params: { id: spaceId } }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(await holdings(spaceId, ids)).toEqual(before);
    expect((await admin.api.call('getMe', {})).spaces.map((space) => space.id)).toContain(spaceId);
  });

  it('lets the owner delete it with everything Polyblok holds of it, without a word to Storyblok', async () => {
    const ids = await idsOf(spaceId);
    const storyblokSpace = storyblok.space(basicFixture.spaceId);
    const home = storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home);
    storyblok.clearRequests();

    expect(await owner.api.call('deleteSpace', { params: { id: spaceId } })).toEqual({ id: spaceId });

    const after = await holdings(spaceId, ids);
    expect(Object.entries(after).filter(([, count]) => count !== 0)).toEqual([]);
    // Storyblok was neither asked nor changed: the space, its languages and stories are as they were.
    expect(storyblok.requests()).toEqual([]);
    expect(storyblok.space(basicFixture.spaceId)).toEqual(storyblokSpace);
    expect(storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home)).toEqual(home);

    const audit = await server.prisma.auditEvent.findMany({
      where: { action: 'space.deleted', targetId: String(spaceId) },
      select: { spaceId: true, actorId: true, targetType: true, data: true },
    });
    expect(audit).toEqual([
      {
        spaceId: null,
        actorId: owner.userId,
        targetType: 'space',
        data: { name: storyblokSpace.name, storyblok_space_id: String(basicFixture.spaceId), region: 'eu' },
      },
    ]);
  });

  it('is gone for every former member: not in /api/me, and every space route answers 404', async () => {
    for (const member of [owner, admin, translator]) {
      expect((await member.api.call('getMe', {})).spaces.map((space) => space.id)).not.toContain(spaceId);
      expect(await failure(member.api.call('getSpaceSettings', { params: { id: spaceId } }))).toMatchObject({
        status: 404,
        code: 'not_found',
      });
      expect(
        await failure(member.api.call('getRootFolder', { query: { locale: 'de', space_id: spaceId } })),
      ).toMatchObject({ status: 404, code: 'not_found' });
    }
    // Deleting again finds nothing, and nothing new is recorded.
    expect(await failure(owner.api.call('deleteSpace', { params: { id: spaceId } }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(
      await server.prisma.auditEvent.count({ where: { action: 'space.deleted', targetId: String(spaceId) } }),
    ).toBe(1);
  });

  it('leaves the Storyblok space free to connect again, as a fresh space', async () => {
    const offered = await admin.api.call('listAvailableSpaces', { body: { personal_access_token: basicFixture.pat } });
    expect(offered).toEqual([expect.objectContaining({ id: basicFixture.spaceId, already_associated: false })]);

    const again = await connect(admin);
    expect(again).not.toBe(spaceId);
    const space = (await admin.api.call('getMe', {})).spaces.find((entry) => entry.id === again)!;
    expect(space.pivot).toMatchObject({ role: 'owner', status: 'joined' });
    expect(space.users.map((user) => user.id)).toEqual([admin.userId]);
    expect(space.region).toBe('eu');
    expect(space.subscription).toBeNull();
    expect(space.translatable_keys_count).toBe(imported.keys);
    // What Storyblok holds comes back; what only the deleted space held does not.
    expect(await server.prisma.translation.count({ where: { translatableKey: { spaceId: again } } })).toBe(
      imported.translations,
    );
    expect((await admin.api.call('listGlossaryTerms', { params: { id: again }, query: {} })).terms).toEqual([]);
    expect(await server.prisma.storyWriteBack.count({ where: { story: { spaceId: again } } })).toBe(0);
    expect((await owner.api.call('getMe', {})).spaces).toEqual([]);

    await owner.api.call('deleteSpace', { params: { id: again } }).then(
      () => expect.unreachable('the former owner is no member of the new space'),
      (error: unknown) => expect(error).toMatchObject({ status: 404 }),
    );
    await admin.api.call('deleteSpace', { params: { id: again } });
  });
});

describe('jobs of a deleted space', () => {
  /** The server's real way to Storyblok, which deletes the space (as its owner would) at the moment `when` names. */
  function deletingAt(
    when: 'findStory' | 'updateStoryContent',
    space: () => number,
    by: Person,
  ): { storyblok: StoryblokAccess; deleted: () => boolean } {
    let deleted = false;
    const deleteOnce = async () => {
      if (deleted) return;
      deleted = true;
      await by.api.call('deleteSpace', { params: { id: space() } });
    };
    return {
      deleted: () => deleted,
      storyblok: withSpaceCalls(server.storyblok, (real) => ({
        async findStory(storyId) {
          const answer = await real.findStory(storyId);
          if (when === 'findStory') await deleteOnce();
          return answer;
        },
        async updateStoryContent(storyId, content, translatedSlugs) {
          if (when === 'updateStoryContent') await deleteOnce();
          return real.updateStoryContent(storyId, content, translatedSlugs);
        },
      })),
    };
  }

  async function translateHome(space: number, value: string): Promise<number> {
    const home = await nodeId(space, basicFixture.stories.home);
    const key = await server.prisma.translatableKey.findFirstOrThrow({
      where: { storyId: home, field: 'title' },
      select: { id: true },
    });
    const de = await server.prisma.spaceLocale.findFirstOrThrow({
      where: { spaceId: space, code: 'de' },
      select: { id: true },
    });
    await server.prisma.translation.upsert({
      where: { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: de.id } },
      create: { translatableKeyId: key.id, spaceLocaleId: de.id, value, valueText: value },
      update: { value, valueText: value, origin: 'manual' },
    });
    return home;
  }

  it('ends a sync that was running when the space was deleted, without an error, and it writes nothing after', async () => {
    const space = await connect(owner);
    const ids = await idsOf(space);
    // Every story changed in Storyblok, and Storyblok answering slowly: the sync is long under way when the
    // space goes.
    for (const storyId of Object.values(basicFixture.stories)) {
      storyblok.editStory(basicFixture.spaceId, storyId, { name: `Renamed ${storyId}` });
    }
    storyblok.traffic.latencyMs = 150;
    try {
      const run = await owner.api.call('startSync', { params: { id: space } });
      const runId = run.sync_batch_id!;
      await until(
        () => server.prisma.syncRun.findUnique({ where: { id: runId }, select: { status: true, done: true } }),
        (row) => row?.status === 'running' && row.done > 0,
        'the sync under way',
      );
      await owner.api.call('deleteSpace', { params: { id: space } });

      const state = await until(
        async () => {
          const rows = await server.prisma.$queryRawUnsafe<Array<{ state: string }>>(
            `SELECT state FROM pgboss.job WHERE name = 'space.sync' AND data->>'syncRunId' = $1`,
            runId,
          );
          return rows[0]?.state;
        },
        (value) => value !== undefined && !['created', 'active'].includes(value),
        'the sync job to end',
      );
      expect(state).toBe('completed');
      const jobProblems = server.logs
        .entries()
        .filter((entry) => entry.job === 'space.sync' && (entry.level as number) >= 40);
      expect(jobProblems).toEqual([]);
      expect(Object.entries(await holdings(space, ids)).filter(([, count]) => count !== 0)).toEqual([]);
      expect(await server.prisma.storyNode.count({ where: { spaceId: space } })).toBe(0);
    } finally {
      storyblok.traffic.latencyMs = 0;
    }
  });

  it('ends a story sync quietly when the space is deleted while Storyblok answers', async () => {
    const space = await connect(owner);
    const { storyblok: access, deleted } = deletingAt('findStory', () => space, owner);
    const logs = new LogCapture();

    const job = createStorySyncJob({ prisma: server.prisma, storyblok: access });
    const payload = { spaceId: space, storyblokStoryId: basicFixture.stories.home };
    await expect(runAttempt(job, payload, jobContext(logs), server.prisma)).resolves.toBeUndefined();

    expect(deleted()).toBe(true);
    expect(problemsIn(logs)).toEqual([]);
    expect(await server.prisma.storyNode.count({ where: { spaceId: space } })).toBe(0);
  });

  it('writes nothing to Storyblok when the space is deleted while a write-back reads the story', async () => {
    const space = await connect(owner);
    const home = await translateHome(space, 'Herzlich willkommen');
    const { storyblok: access, deleted } = deletingAt('findStory', () => space, owner);
    const logs = new LogCapture();
    storyblok.clearRequests();

    const job = createWriteBackJob({ prisma: server.prisma, storyblok: access });
    await expect(runAttempt(job, { storyId: home }, jobContext(logs), server.prisma)).resolves.toBeUndefined();

    expect(deleted()).toBe(true);
    expect(storyWrites()).toEqual([]);
    expect(problemsIn(logs)).toEqual([]);
    expect(await server.prisma.storyWriteBack.count({ where: { storyId: home } })).toBe(0);
    expect(await server.prisma.space.count({ where: { id: space } })).toBe(0);
  });

  it('ends a write-back quietly when the space is deleted while Storyblok is being written', async () => {
    const space = await connect(owner);
    const home = await translateHome(space, 'Willkommen daheim');
    const { storyblok: access, deleted } = deletingAt('updateStoryContent', () => space, owner);
    const logs = new LogCapture();

    const job = createWriteBackJob({ prisma: server.prisma, storyblok: access });
    await expect(runAttempt(job, { storyId: home }, jobContext(logs), server.prisma)).resolves.toBeUndefined();

    expect(deleted()).toBe(true);
    expect(problemsIn(logs)).toEqual([]);
    expect(logs.entries().map((entry) => entry.msg)).toContain(
      'what the job worked on was deleted meanwhile; the job ends',
    );
    expect(await server.prisma.storyWriteBack.count({ where: { storyId: home } })).toBe(0);
    expect(await server.prisma.translation.count({ where: { translatableKey: { storyId: home } } })).toBe(0);
  });

  it('ends an AI translation quietly when the space is deleted while the model answers', async () => {
    const space = await connect(owner);
    const home = await nodeId(space, basicFixture.stories.home);
    const de = await server.prisma.spaceLocale.findFirstOrThrow({
      where: { spaceId: space, code: 'de' },
      select: { id: true },
    });
    const keys = await server.prisma.translatableKey.findMany({ where: { storyId: home }, select: { id: true } });
    const batch = await server.prisma.translationBatch.create({
      data: { spaceId: space, spaceLocaleId: de.id, scope: 'story', status: 'running', total: keys.length },
      select: { id: true },
    });
    await server.prisma.translationAsk.deleteMany({ where: { translatableKeyId: { in: keys.map((key) => key.id) } } });
    await server.prisma.translationAsk.createMany({
      data: keys.map((key) => ({ translatableKeyId: key.id, spaceLocaleId: de.id, batchId: batch.id })),
    });
    let asked = 0;
    const translator: AiTranslator = {
      requestsFor: () => 1,
      scoreRequestsFor: () => 1,
      score: () =>
        Promise.resolve({ ratings: new Map(), requests: 1, usage: { promptTokens: 1, completionTokens: 1 } }),
      async translate(input) {
        asked += 1;
        await owner.api.call('deleteSpace', { params: { id: space } });
        return {
          translations: new Map(input.items.map((item) => [item.id, `[de] ${item.text}`])),
          failures: new Map(),
          requests: 1,
          usage: { promptTokens: 10, completionTokens: 10 },
        };
      },
    };
    const logs = new LogCapture();

    const job = createAiTranslateJob({ prisma: server.prisma, translator, wordsWithoutPlan: 1000 });
    const payload = { batchId: batch.id, storyId: home, spaceLocaleId: de.id, spaceId: space };
    await expect(runAttempt(job, payload, jobContext(logs), server.prisma)).resolves.toBeUndefined();

    expect(asked).toBe(1);
    expect(problemsIn(logs)).toEqual([]);
    expect(await server.prisma.translation.count({ where: { spaceLocaleId: de.id } })).toBe(0);
    expect(await server.prisma.aiUsage.count({ where: { spaceId: space } })).toBe(0);
    expect(await server.prisma.translationBatch.count({ where: { id: batch.id } })).toBe(0);
  });
});
