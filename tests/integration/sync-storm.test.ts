import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { createStoryblokAdapter } from '#server/adapters/storyblok/storyblok-adapter.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { runSpaceSync } from '#server/features/sync/run-space-sync.ts';
import { createLogger } from '#server/logger.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { generateData, toRawData } from '#tests/fakes/storyblok/generate/generate-data.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { openTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

const generated = generateData({ stories: 20, seed: 'storm' });
let storyblok: FakeStoryblok;
let database: TestDatabase;
let prisma: Database;

beforeAll(async () => {
  // Storyblok at its rate limit and failing one request in four.
  storyblok = await startFakeStoryblok({ data: toRawData(generated), rate: 5, failRate: 0.25, seed: 'storm' });
  database = await openTestDatabase();
  await applyPendingMigrations(database.driver);
  prisma = createPrisma(database.driver);
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
  await storyblok?.close();
});

describe('a sync through 429 storms and 5xx answers', () => {
  it('completes with every story and key, having met both', async () => {
    const space = await prisma.space.create({
      data: { name: 'storm', storyblokSpaceId: BigInt(generated.spaceId), region: 'eu' },
      select: { id: true },
    });
    const run = await prisma.syncRun.create({ data: { spaceId: space.id, trigger: 'manual' }, select: { id: true } });
    // Asks faster than the limit on purpose, so Storyblok answers 429 and the adapter has to wait.
    const adapter = createStoryblokAdapter({
      mapiUrl: storyblok.mapiUrl,
      requestsPerSecond: 60,
      retryPolicy: { maxAttempts: 10, maxElapsedMs: 30_000, baseDelayMs: 20, maxDelayMs: 300 },
    });
    await runSpaceSync(
      {
        prisma,
        storyblok: adapter,
        authFor: async () => ({ kind: 'personal', token: generated.token }),
        logger: createLogger({ level: 'silent' }),
        perPage: 10,
      },
      run.id,
    );

    expect((await prisma.syncRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('completed');
    expect(await prisma.storyNode.count({ where: { spaceId: space.id, isFolder: false } })).toBe(
      generated.stories.length,
    );
    const statuses = storyblok.requests().map((request: { status: number }) => request.status);
    expect(statuses.filter((status: number) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status: number) => status >= 500).length).toBeGreaterThan(0);
  });
});

describe('a sync interrupted part way', () => {
  it('resumes from its checkpoint instead of starting over', async () => {
    const calm = await startFakeStoryblok({ data: toRawData(generated) });
    try {
      const space = await prisma.space.create({
        data: { name: 'resume', storyblokSpaceId: BigInt(generated.spaceId) + 1n, region: 'eu' },
        select: { id: true },
      });
      const run = await prisma.syncRun.create({ data: { spaceId: space.id, trigger: 'manual' }, select: { id: true } });
      const adapter = createStoryblokAdapter({ mapiUrl: calm.mapiUrl, requestsPerSecond: 500 });
      const base = {
        prisma,
        authFor: async () => ({ kind: 'personal' as const, token: generated.token }),
        logger: createLogger({ level: 'silent' }),
        perPage: 10,
        batchSize: 5,
      };
      // The space row points at another Storyblok id; reads go to the generated space.
      const storyblok = {
        ...adapter,
        getSpace: (auth: Parameters<typeof adapter.getSpace>[0]) => adapter.getSpace(auth, generated.spaceId),
        listComponents: (auth: Parameters<typeof adapter.listComponents>[0]) =>
          adapter.listComponents(auth, generated.spaceId),
      };
      const stop = new AbortController();
      let storyReads = 0;
      const interrupted = {
        ...storyblok,
        async getStory(auth: Parameters<typeof adapter.getStory>[0], spaceId: number, storyId: number) {
          storyReads += 1;
          if (storyReads === 8) stop.abort(new Error('server shutting down'));
          return adapter.getStory(auth, spaceId, storyId);
        },
      };
      await expect(runSpaceSync({ ...base, storyblok: interrupted, signal: stop.signal }, run.id)).rejects.toThrow(
        'server shutting down',
      );
      const halfway = await prisma.syncRun.findUniqueOrThrow({ where: { id: run.id } });
      expect(halfway.status).toBe('running');
      expect(halfway.done).toBeLessThan(halfway.total);

      calm.clearRequests();
      await runSpaceSync({ ...base, storyblok }, run.id);
      const listings = calm.requests().filter((request: { path: string }) => request.path.endsWith('/stories'));
      expect(listings).toHaveLength(0);
      const finished = await prisma.syncRun.findUniqueOrThrow({ where: { id: run.id } });
      expect(finished).toMatchObject({ status: 'completed' });
      expect(finished.done).toBe(finished.total);
      expect(
        await prisma.storyNode.count({ where: { spaceId: space.id, isFolder: false, contentHash: { not: null } } }),
      ).toBe(generated.stories.length);
    } finally {
      await calm.close();
    }
  });
});
