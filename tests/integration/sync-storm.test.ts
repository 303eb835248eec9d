import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { runSpaceSync } from '#server/features/sync/run-space-sync.ts';
import { createLogger } from '#server/logger.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { generateData, toRawData } from '#tests/fakes/storyblok/generate/generate-data.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectedSpaceRow, storyblokAccessOn, withSpaceCalls } from '#tests/support/storyblok-access.ts';
import { openTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

const generated = generateData({ stories: 12, seed: 'storm' });
let storyblok: FakeStoryblok;
let database: TestDatabase;
let prisma: Database;

beforeAll(async () => {
  // Storyblok at a low rate limit (so that even a sync slowed down by a busy machine exceeds it) and failing
  // one request in four.
  storyblok = await startFakeStoryblok({ data: toRawData(generated), rate: 2, failRate: 0.25, seed: 'storm' });
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
    // Asks faster than the limit on purpose, so Storyblok answers 429 and the client has to wait.
    const access = storyblokAccessOn(database, prisma, storyblok.mapiUrl, {
      requestsPerSecond: 60,
      retryPolicy: { maxAttempts: 10, maxElapsedMs: 30_000, baseDelayMs: 20, maxDelayMs: 300 },
    });
    const space = {
      id: await connectedSpaceRow(prisma, access, {
        name: 'storm',
        storyblokSpaceId: generated.spaceId,
        token: generated.token,
      }),
    };
    const run = await prisma.syncRun.create({ data: { spaceId: space.id, trigger: 'manual' }, select: { id: true } });
    await runSpaceSync(
      {
        prisma,
        storyblok: access,
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
      // The same Storyblok space as the storm above, synced afresh into a space of its own.
      await prisma.space.deleteMany({ where: { storyblokSpaceId: BigInt(generated.spaceId) } });
      const storyblok = storyblokAccessOn(database, prisma, calm.mapiUrl);
      const space = {
        id: await connectedSpaceRow(prisma, storyblok, {
          name: 'resume',
          storyblokSpaceId: generated.spaceId,
          token: generated.token,
        }),
      };
      const run = await prisma.syncRun.create({ data: { spaceId: space.id, trigger: 'manual' }, select: { id: true } });
      const base = { prisma, logger: createLogger({ level: 'silent' }), perPage: 10, batchSize: 5 };
      const stop = new AbortController();
      let storyReads = 0;
      const interrupted = withSpaceCalls(storyblok, (real) => ({
        async findStory(storyId) {
          storyReads += 1;
          if (storyReads === 8) stop.abort(new Error('server shutting down'));
          return real.findStory(storyId);
        },
      }));
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
