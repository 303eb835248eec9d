import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import { pollSpaceChanges } from '#server/features/sync/poll-changes.ts';
import { syncOneStory } from '#server/features/sync/story-sync.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { until as waitUntil } from '#tests/support/until.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
let webhook: { url: string; secret: string };

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean) => waitUntil(read, done, { timeoutMs: 15_000 });

/** The teaser headline of the home story, as Polyblok holds it. */
const homeHeadline = () =>
  server.prisma.translatableKey.findFirst({
    where: { spaceId, field: 'headline', story: { storyblokId: BigInt(basicFixture.stories.home) } },
    select: { valueText: true },
  });

function editHomeHeadline(text: string, publish: boolean) {
  const content = structuredClone(storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content) as {
    body: Array<Record<string, unknown>>;
  };
  content.body[0]!.headline = text;
  storyblok.editStory(basicFixture.spaceId, basicFixture.stories.home, { content }, { publish });
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api, spaceId } = await connectBasicSpace(server, 'events'));
  webhook = await api.call('getWebhookSettings', { params: { id: spaceId } });
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('Storyblok webhooks', () => {
  it('gives admins the address and a secret to enter in Storyblok', () => {
    expect(webhook.url).toBe(`${server.baseUrl}/api/webhooks/storyblok`);
    expect(webhook.secret.length).toBeGreaterThanOrEqual(24);
  });

  it('resyncs the story a signed publish event names', async () => {
    storyblok.addWebhook({ url: webhook.url, secret: webhook.secret, spaceId: basicFixture.spaceId });
    editHomeHeadline('Hello from a webhook', true);
    await storyblok.webhooksSettled();
    const delivery = storyblok.webhookDeliveries().at(-1)!;
    expect(delivery.status).toBe(202);
    await until(homeHeadline, (key) => key?.valueText === 'Hello from a webhook');
  });

  it('refuses a wrong signature and an unknown space alike, and changes nothing', async () => {
    const wrong = await storyblok.sendStoryWebhook({
      url: webhook.url,
      secret: 'not-the-secret',
      action: 'published',
      spaceId: basicFixture.spaceId,
      storyId: basicFixture.stories.home,
    });
    expect(wrong.status).toBe(401);
    const unsigned = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'published', space_id: 999_999, story_id: 1 }),
    });
    expect(unsigned.status).toBe(401);
    expect((await unsigned.json()).code).toBe('unauthorized');
  });

  it('syncs the same delivery again within ten minutes only once, and a different event for the story again', async () => {
    const story = basicFixture.stories.firstPost;
    const send = (action: 'published' | 'moved') =>
      storyblok.sendStoryWebhook({
        url: webhook.url,
        secret: webhook.secret,
        action,
        spaceId: basicFixture.spaceId,
        storyId: story,
      });
    const syncJobs = async () =>
      server.prisma.$queryRawUnsafe<Array<{ state: string }>>(
        `SELECT state FROM pgboss.job WHERE name = 'story.sync' AND data->>'storyblokStoryId' = $1`,
        String(story),
      );
    const settled = (jobs: Array<{ state: string }>, count: number) =>
      jobs.length === count && jobs.every((job) => job.state === 'completed');

    const first = await send('published');
    expect({ status: first.status, body: JSON.parse(first.responseBody) }).toEqual({
      status: 202,
      body: { accepted: true },
    });
    await until(syncJobs, (jobs) => settled(jobs, 1));
    for (let i = 0; i < 3; i += 1) {
      const repeat = await send('published');
      expect({ status: repeat.status, body: JSON.parse(repeat.responseBody) }).toEqual({
        status: 202,
        body: { accepted: false },
      });
    }
    const moved = await send('moved');
    expect(JSON.parse(moved.responseBody)).toEqual({ accepted: true });
    await until(syncJobs, (jobs) => settled(jobs, 2));

    // Ten minutes later the same delivery is new again.
    await server.prisma.webhookDelivery.updateMany({
      where: { spaceId },
      data: { receivedAt: new Date(Date.now() - 10 * 60 * 1000 - 1) },
    });
    expect(JSON.parse((await send('published')).responseBody)).toEqual({ accepted: true });
    await until(syncJobs, (jobs) => settled(jobs, 3));
    expect(await server.prisma.webhookDelivery.count({ where: { spaceId } })).toBe(1);
  });

  it('removes a story Storyblok says was deleted', async () => {
    const target = basicFixture.stories.draftPost;
    await fetch(`${storyblok.mapiUrl}/spaces/${basicFixture.spaceId}/stories/${target}`, {
      method: 'DELETE',
      headers: { authorization: basicFixture.pat },
    });
    await storyblok.webhooksSettled();
    await until(
      () => server.prisma.storyNode.count({ where: { spaceId, storyblokId: BigInt(target) } }),
      (count) => count === 0,
    );
  });
});

describe('the light poll for draft edits', () => {
  it('finds a draft saved without any webhook, and the story sync brings it in', async () => {
    const deps = { prisma: server.prisma, storyblok: server.storyblok };
    // The first look only sets where the next one starts.
    await pollSpaceChanges(deps, spaceId);
    storyblok.clearRequests();
    expect(await pollSpaceChanges(deps, spaceId)).toEqual({ changed: [], needsFullSync: false });
    expect(storyblok.requests()).toHaveLength(1);

    editHomeHeadline('Draft text, not published', false);
    const polled = await pollSpaceChanges(deps, spaceId);
    expect(polled).toEqual({ changed: [basicFixture.stories.home], needsFullSync: false });
    expect(await syncOneStory(deps, spaceId, basicFixture.stories.home)).toBe('updated');
    expect((await homeHeadline())?.valueText).toBe('Draft text, not published');
    expect(await pollSpaceChanges(deps, spaceId)).toEqual({ changed: [], needsFullSync: false });
  });

  it('is scheduled, with the nightly full sync, the translation memory’s sketching, the translations’ checks, the languages’ progress snapshot, and the sweeps of webhook deliveries and forgotten writes, in the job queue', async () => {
    const schedules = await server.prisma.$queryRawUnsafe<Array<{ name: string; cron: string }>>(
      'SELECT name, cron FROM pgboss.schedule ORDER BY name',
    );
    expect(schedules).toEqual([
      { name: 'keys.memory-sketch', cron: '*/10 * * * *' },
      { name: 'languages.progress-snapshot', cron: '7 * * * *' },
      { name: 'space-hook.sweep', cron: '* * * * *' },
      { name: 'spaces.daily-sync', cron: '0 3 * * *' },
      { name: 'spaces.poll', cron: '*/10 * * * *' },
      { name: 'story.write-back-sweep', cron: '* * * * *' },
      { name: 'translations.qa-check', cron: '*/5 * * * *' },
    ]);
  });
});
