import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import { createSpaceSyncJob } from '#server/features/sync/space-sync.job.ts';
import { writeBackStory } from '#server/features/write-back/write-back.service.ts';
import { CUT_OFF, givenUpError } from '#server/jobs/given-up.ts';
import { recordGivenUp } from '#server/jobs/run-attempt.ts';
import { createLogger } from '#server/logger.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let spaceId: number;

const { team, firstPost, orphan } = basicFixture.stories;
const teamTitle = 'Meet\u0000the team';
const teamTitleDe = 'Lern\u0000das Team kennen \ud83d';

/** A blok id longer than PostgreSQL can index: the key made from it is refused (SQLSTATE 54000). */
const unindexableUid = randomBytes(9000).toString('base64');

const nodeId = async (storyblokId: number) =>
  (
    await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(storyblokId) },
      select: { id: true },
    })
  ).id;
const story = async (storyblokId: number, locale = 'de') =>
  api.call('getStory', { params: { storyId: await nodeId(storyblokId) }, query: { locale } });
const settings = () => api.call('getSpaceSettings', { params: { id: spaceId } });
const storyblokContent = (storyblokId: number) =>
  storyblok.getStory(basicFixture.spaceId, storyblokId).content as Record<string, unknown>;

async function syncToEnd(): Promise<void> {
  await api.call('startSync', { params: { id: spaceId } });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const status = await api.call('getSyncStatus', { params: { id: spaceId } });
    if (status.status === 'completed') return;
    if (status.status === 'failed') throw new Error(`the sync failed: ${status.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the sync did not finish in time');
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  storyblok.editStory(basicFixture.spaceId, team, {
    content: { ...storyblokContent(team), title: teamTitle, title__i18n__de: teamTitleDe },
  });
  storyblok.editStory(basicFixture.spaceId, firstPost, {
    content: { _uid: unindexableUid, component: 'page', title: 'First post', body: [] },
  });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api, spaceId } = await connectBasicSpace(server, 'problems'));
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('a story that cannot be imported', () => {
  it('does not stop the sync: the other stories come in, and it is named with why on the story and in Settings', async () => {
    expect((await story(basicFixture.stories.home)).translatable_keys.length).toBeGreaterThan(0);
    const failed = await story(firstPost);
    expect(failed.import_problem?.reason).toMatch(/database refused part of its content \(PostgreSQL error 54000\)/);
    const listed = (await settings()).sync_problems;
    expect(listed.failed_story_count).toBe(1);
    expect(listed.failed_stories).toEqual([
      {
        id: await nodeId(firstPost),
        name: 'First post',
        full_slug: 'blog/2024/first-post',
        reason: failed.import_problem?.reason,
        at: failed.import_problem?.at,
      },
    ]);
  });

  it('is tried again by the next sync though it did not change, and comes in once Storyblok holds what can be', async () => {
    const before = (await story(firstPost)).import_problem!.at;
    storyblok.clearRequests();
    await syncToEnd();
    const reads = storyblok.requests().filter((request) => request.path.endsWith(`/stories/${firstPost}`));
    expect(reads.length).toBeGreaterThan(0);
    expect(new Date((await story(firstPost)).import_problem!.at).getTime()).toBeGreaterThan(new Date(before).getTime());

    storyblok.editStory(basicFixture.spaceId, firstPost, {
      content: { _uid: '12000000-0000-4000-a000-000000000001', component: 'page', title: 'First post', body: [] },
    });
    await syncToEnd();
    const fixed = await story(firstPost);
    expect(fixed.import_problem).toBeNull();
    expect(fixed.translatable_keys.map((key) => key.value_text)).toEqual(['First post']);
    expect((await settings()).sync_problems).toMatchObject({ failed_story_count: 0, failed_stories: [] });
  });
});

describe('components the schemas no longer have', () => {
  it('are listed with the stories they occur in, in Settings and on the story', async () => {
    expect((await story(orphan)).skipped_components).toEqual(['legacy_banner']);
    expect((await story(team)).skipped_components).toEqual([]);
    expect((await settings()).sync_problems.skipped_components).toEqual([
      {
        component: 'legacy_banner',
        story_count: 1,
        stories: [{ id: await nodeId(orphan), name: 'Orphan', full_slug: 'archive/orphan' }],
      },
    ]);
  });
});

describe('text PostgreSQL cannot hold as it is', () => {
  it('is imported and shown, a NUL as the symbol for null', async () => {
    const title = (await story(team)).translatable_keys.find((key) => key.field === 'title')!;
    expect(title.value_text).toBe('Meet␀the team');
    expect(title.translated_key_value_text).toContain('Lern␀das Team kennen');
  });

  it('goes back to Storyblok without loss, and so does a symbol for null a translator saved', async () => {
    const title = (await story(team, 'fr')).translatable_keys.find((key) => key.field === 'title')!;
    await api.call('saveTranslation', {
      body: {
        field_type: title.field_type,
        key: title.key,
        value: 'Rencontrez␀l’équipe',
        space_locale_id: (await story(team, 'fr')).space_locale_id,
        reference_hash: null,
      },
    });
    await writeBackStory({ prisma: server.prisma, storyblok: server.storyblok }, await nodeId(team));

    const written = storyblokContent(team);
    expect(written.title).toBe(teamTitle);
    expect(written.title__i18n__de).toBe(teamTitleDe);
    expect(written.title__i18n__fr).toBe('Rencontrez\u0000l’équipe');
  });
});

describe('a sync whose job stopped for good', () => {
  it('ends as failed with the reason shown, and Synchronize now starts a new run that completes', async () => {
    // A run under way whose job the queue gave up on: its process was killed once too often.
    const run = await server.prisma.syncRun.create({
      data: { spaceId, trigger: 'manual', status: 'running' },
      select: { id: true },
    });
    await server.prisma.space.update({ where: { id: spaceId }, data: { syncBatchId: run.id } });
    await recordGivenUp(
      createSpaceSyncJob({ prisma: server.prisma, storyblok: server.storyblok }),
      { syncRunId: run.id },
      givenUpError({ ...CUT_OFF }),
      {
        jobId: 'given-up',
        retryCount: 20,
        signal: new AbortController().signal,
        logger: createLogger({ level: 'silent' }),
        send: () => Promise.resolve(null),
      },
      server.prisma,
    );
    expect(await api.call('getSyncStatus', { params: { id: spaceId } })).toMatchObject({
      sync_batch_id: null,
      status: 'failed',
      error: CUT_OFF.message,
    });

    const started = await api.call('startSync', { params: { id: spaceId } });
    expect(started.sync_batch_id).not.toBeNull();
    expect(started.sync_batch_id).not.toBe(run.id);
    await syncToEnd();
    expect((await api.call('getSyncStatus', { params: { id: spaceId } })).status).toBe('completed');
  });
});
