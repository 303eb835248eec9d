import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { apiFailure as refusal } from '#tests/support/api-failure.ts';

// A space's own ceiling on Polyblok's requests to Storyblok, below its token's rate: the setting, and the pace
// Storyblok then sees.
let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let spaceId: number;

const settings = (body: { storyblok_requests_per_second?: number | null; write_back_mode?: 'all' }) =>
  api.call('updateSpaceSettings', { params: { id: spaceId }, body });

async function syncToTheEnd() {
  await api.call('startSync', { params: { id: spaceId } });
  for (let attempt = 0; ; attempt += 1) {
    const status = await api.call('getSyncStatus', { params: { id: spaceId } });
    if (status.status === 'completed' && !status.sync_batch_id) return;
    if (attempt > 300) throw new Error(`the sync did not end: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api, spaceId } = await connectBasicSpace(server, 'rate'));
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('a space’s ceiling on requests to Storyblok', () => {
  it('is as fast as the plan allows until an admin lowers it, and takes whole numbers from 1 to 6', async () => {
    expect((await api.call('getSpaceSettings', { params: { id: spaceId } })).storyblok_requests_per_second).toBeNull();
    expect((await settings({ storyblok_requests_per_second: 2 })).storyblok_requests_per_second).toBe(2);

    for (const wrong of [0, 7, 1.5]) {
      const error = await refusal(settings({ storyblok_requests_per_second: wrong }));
      expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
    }
    expect((await refusal(api.call('updateSpaceSettings', { params: { id: spaceId }, body: {} }))).status).toBe(400);
    // Changing the write-back mode alone leaves the rate as it is.
    expect(await settings({ write_back_mode: 'all' })).toMatchObject({ storyblok_requests_per_second: 2 });
    expect((await settings({ storyblok_requests_per_second: null })).storyblok_requests_per_second).toBeNull();
    const audit = await server.prisma.auditEvent.findMany({
      where: { spaceId, action: 'settings.storyblok_requests_per_second' },
      orderBy: { createdAt: 'asc' },
      select: { data: true },
    });
    expect(audit.map((event) => event.data)).toEqual([
      { from: null, to: 2 },
      { from: 2, to: null },
    ]);
  });

  it('spaces the sync’s requests to Storyblok at least 1/rate apart', async () => {
    // Below the 3 a second of the space's plan, so that the ceiling, not the plan, sets the pace.
    await settings({ storyblok_requests_per_second: 2 });
    storyblok.clearRequests();
    await syncToTheEnd();
    const times = storyblok
      .requests()
      .map((request) => Date.parse(request.time))
      .sort((a, b) => a - b);
    expect(times.length).toBeGreaterThanOrEqual(3);
    // 500 ms apart at 2 a second. Two requests can arrive closer than they left on a busy machine (one delayed
    // on its way, the next on time), so what is checked is what Storyblok counts: requests within any second,
    // read with 50 ms of delivery noise allowed.
    let busiest = 0;
    for (let first = 0, last = 0; last < times.length; last += 1) {
      while (times[last]! - times[first]! >= 950) first += 1;
      busiest = Math.max(busiest, last - first + 1);
    }
    expect(busiest).toBeLessThanOrEqual(2);
  });
});
