import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import StoryblokClient, { type ISbStoriesParams } from 'storyblok-js-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basicFixture as fx } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok, type FakeStoryblokOptions } from '#tests/fakes/storyblok/server.ts';

const started: FakeStoryblok[] = [];

async function start(options: Omit<FakeStoryblokOptions, 'dataDir'> = {}) {
  const fake = await startFakeStoryblok({ dataDir: fx.dir, ...options });
  started.push(fake);
  return fake;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.close()));
});

/** js-client types its write params narrower than the API takes (partial stories, spaces); the adapter will cast too. */
const body = (params: Record<string, unknown>) => params as ISbStoriesParams;
const auth = (token: string) => ({ headers: { authorization: token } });

describe('fake Storyblok auth failures, rate limit, latency and faults', () => {
  it('answers 401 JSON for a missing, unknown, Bearer-prefixed or revoked PAT', async () => {
    const fake = await start();
    const url = `${fake.mapiUrl}/spaces`;
    for (const init of [{}, auth('nope'), auth(`Bearer ${fx.pat}`)]) {
      const res = await fetch(url, init);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Unauthorized' });
    }
    expect((await fetch(url, auth(fx.pat))).status).toBe(200);
    fake.revokeToken(fx.pat);
    expect((await fetch(url, auth(fx.pat))).status).toBe(401);
    const client = new StoryblokClient({ oauthToken: fx.pat, endpoint: fake.mapiUrl });
    await expect(client.get('spaces')).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
  });

  it('answers 429 with Retry-After past the rate per token, and lets the token through again', async () => {
    const fake = await start({ rate: 4 });
    const url = `${fake.mapiUrl}/spaces/${fx.spaceId}`;
    const statuses = await Promise.all(Array.from({ length: 6 }, () => fetch(url, auth(fx.pat)).then((r) => r)));
    expect(statuses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 429, 429]);
    const limited = statuses.find((r) => r.status === 429);
    expect(limited?.headers.get('retry-after')).toBe('1');
    expect(await limited?.json()).toEqual({ error: 'Rate limit of 4 request per second reached. Retry later.' });

    // Another token has its own bucket; the first gets one request back after 1/rate seconds.
    fake.addToken('second-pat', [fx.spaceId]);
    expect((await fetch(url, auth('second-pat'))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(url, auth(fx.pat))).status).toBe(200);
  });

  it('is survived by storyblok-js-client, which retries GETs on 429 but not writes', async () => {
    const fake = await start({ rate: 2 });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const client = new StoryblokClient({
        oauthToken: fx.pat,
        endpoint: fake.mapiUrl,
        rateLimit: 20,
        retriesDelay: 200,
      });
      const all = await client.getAll(`spaces/${fx.spaceId}/stories`, { per_page: 2 });
      expect(all).toHaveLength(9);
      expect(fake.requests().some((r) => r.status === 429)).toBe(true);
      fake.resetRateLimits();
      const writes = await Promise.allSettled(
        [1, 2, 3].map(() =>
          client.put(`spaces/${fx.spaceId}/stories/${fx.stories.home}`, body({ story: { name: 'x' } })),
        ),
      );
      expect(writes.some((w) => w.status === 'rejected' && (w.reason as { status: number }).status === 429)).toBe(true);
    } finally {
      log.mockRestore();
    }
  });

  it('answers a seeded share of requests with 5xx, the same ones for the same seed', async () => {
    const run = async () => {
      const fake = await start({ failRate: 0.4, seed: 'repeatable' });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await fetch(`${fake.mapiUrl}/spaces`, auth(fx.pat))).status);
      const failed = await fetch(`${fake.cdnUrl}/spaces/me?token=${fx.publicToken}`);
      return { statuses, fake, failed };
    };
    const first = await run();
    const second = await run();
    expect(first.statuses).toEqual(second.statuses);
    const failures = first.statuses.filter((s) => s >= 500);
    expect(failures.length).toBeGreaterThan(3);
    expect(failures.length).toBeLessThan(27);
    expect(failures.every((s) => [500, 502, 503].includes(s))).toBe(true);
    // The __fake endpoints never fail.
    expect((await fetch(`${first.fake.baseUrl}/__fake/requests`)).status).toBe(200);
  });

  it('adds latency to API requests', async () => {
    const fake = await start({ latencyMs: 120 });
    const t0 = Date.now();
    await fetch(`${fake.mapiUrl}/spaces`, auth(fx.pat));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(115);
  });
});

describe('fake Storyblok test endpoints and webhooks', () => {
  it('reads and edits stories without auth, logs requests, and manages tokens under /__fake', async () => {
    const fake = await start();
    const storyUrl = `${fake.baseUrl}/__fake/spaces/${fx.spaceId}/stories/${fx.stories.home}`;
    const before = (await (await fetch(storyUrl)).json()) as { story: Record<string, unknown> };
    expect(before.story).toMatchObject({ id: fx.stories.home, content: { title__i18n__de: 'Willkommen' } });

    const edited = await fetch(storyUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ story: { name: 'Home (edited)' } }),
    });
    const after = (await edited.json()) as { story: Record<string, unknown> };
    expect(after.story).toMatchObject({ name: 'Home (edited)', unpublished_changes: true });
    expect(String(after.story.updated_at) > String(before.story.updated_at)).toBe(true);

    await fetch(`${fake.mapiUrl}/spaces`, auth(fx.pat));
    await fetch(`${fake.mapiUrl}/spaces`, auth('wrong'));
    const { requests } = (await (await fetch(`${fake.baseUrl}/__fake/requests`)).json()) as {
      requests: Array<{ method: string; path: string; status: number; time: string }>;
    };
    const api = requests.filter((r) => r.path === '/v1/spaces');
    expect(api.map((r) => [r.method, r.status])).toEqual([
      ['GET', 200],
      ['GET', 401],
    ]);
    expect(Number.isNaN(Date.parse(api[0]?.time ?? ''))).toBe(false);
    expect((await fetch(`${fake.baseUrl}/__fake/requests`, { method: 'DELETE' })).status).toBe(204);
    expect(fake.requests().filter((r) => r.path === '/v1/spaces')).toEqual([]);

    const post = await fetch(`${fake.baseUrl}/__fake/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'added-pat', spaceIds: [fx.spaceId] }),
    });
    expect(post.status).toBe(201);
    expect((await fetch(`${fake.mapiUrl}/spaces/${fx.spaceId}`, auth('added-pat'))).status).toBe(200);
    await fetch(`${fake.baseUrl}/__fake/tokens/added-pat`, { method: 'DELETE' });
    expect((await fetch(`${fake.mapiUrl}/spaces/${fx.spaceId}`, auth('added-pat'))).status).toBe(401);
  });

  it('sends signed story webhooks, by hand and on publish', async () => {
    const received: Array<{ body: string; signature: string | undefined }> = [];
    const receiver = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ body, signature: req.headers['webhook-signature'] as string | undefined });
        res.writeHead(202, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/storyblok`;
    try {
      const fake = await start({ webhooks: [{ url, secret: 'shh', actions: ['published'] }] });
      const delivery = await fake.sendStoryWebhook({
        url,
        secret: 'shh',
        action: 'unpublished',
        spaceId: fx.spaceId,
        storyId: fx.stories.team,
      });
      expect(delivery.status).toBe(202);
      await fetch(`${fake.mapiUrl}/spaces/${fx.spaceId}/stories/${fx.stories.team}/publish`, auth(fx.pat));
      await fake.webhooksSettled();

      expect(received).toHaveLength(2);
      for (const { body, signature } of received) {
        expect(signature).toBe(createHmac('sha1', 'shh').update(body).digest('hex'));
      }
      expect(JSON.parse(received[0]?.body ?? '')).toMatchObject({ action: 'unpublished', story_id: fx.stories.team });
      expect(JSON.parse(received[1]?.body ?? '')).toEqual({
        text: expect.stringContaining('published the Story Team'),
        action: 'published',
        space_id: fx.spaceId,
        story_id: fx.stories.team,
        full_slug: 'about/team',
      });
      expect(fake.webhookDeliveries()).toMatchObject([{ status: 202 }]);
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
