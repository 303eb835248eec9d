import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { runSpaceSync } from '#server/features/sync/run-space-sync.ts';
import { createLogger } from '#server/logger.ts';
import { readComponents } from '#server/storyblok-content/component-schema.ts';
import { extractKeys } from '#server/storyblok-content/extract-keys.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { generateData, toRawData } from '#tests/fakes/storyblok/generate/generate-data.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectedSpaceRow, storyblokAccessOn } from '#tests/support/storyblok-access.ts';
import { openTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';
import type { StoryblokAccess } from '#server/storyblok-access/index.ts';

const generated = generateData({ stories: 60, seed: 'sync-test' });
let storyblok: FakeStoryblok;
let database: TestDatabase;
let prisma: Database;
let spaceId: number;
let access: StoryblokAccess;

async function sync(): Promise<string> {
  const run = await prisma.syncRun.create({ data: { spaceId, trigger: 'manual' }, select: { id: true } });
  await runSpaceSync(
    {
      prisma,
      storyblok: access,
      logger: createLogger({ level: 'silent' }),
      perPage: 25,
    },
    run.id,
  );
  return run.id;
}

/**
 * Every content row's version: PostgreSQL gives a row a new xmin on every write, so equal snapshots mean no
 * writes. (The space row itself records each sync's time, which must move.)
 */
async function rowVersions(): Promise<string> {
  const tables = [
    'space_locales',
    'storyblok_components',
    'story_nodes',
    'translatable_keys',
    'translations',
    'story_locale_stats',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await prisma.$queryRawUnsafe<Array<{ v: string }>>(
      `SELECT xmin::text AS v FROM ${table} ORDER BY xmin::text`,
    );
    parts.push(`${table}:${rows.map((row) => row.v).join(',')}`);
  }
  return parts.join('\n');
}

/** What the stories in Storyblok hold, read straight from the generated data. */
function expectedFromSource(localeCodes: string[]) {
  const specs = readComponents(generated.components);
  return generated.stories.map((story) => ({
    id: story.id as number,
    ...extractKeys(story.content, specs, localeCodes),
  }));
}

function findBlok(value: unknown, uid: string): Record<string, unknown> {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item && typeof item === 'object') {
      if ((item as { _uid?: unknown })._uid === uid) return item as Record<string, unknown>;
      stack.push(...Object.values(item));
    }
  }
  throw new Error(`no blok ${uid}`);
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ data: toRawData(generated) });
  database = await openTestDatabase();
  await applyPendingMigrations(database.driver);
  prisma = createPrisma(database.driver);
  access = storyblokAccessOn(database, prisma, storyblok.mapiUrl, {
    retryPolicy: { maxAttempts: 6, maxElapsedMs: 20_000, baseDelayMs: 20, maxDelayMs: 200 },
  });
  spaceId = await connectedSpaceRow(prisma, access, {
    name: 'pending',
    storyblokSpaceId: generated.spaceId,
    token: generated.token,
  });
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
  await storyblok?.close();
});

describe('a full sync of a generated space', () => {
  it('imports the space, its languages, the tree, and exactly the keys and translations of the source', async () => {
    const runId = await sync();
    const run = await prisma.syncRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.status).toBe('completed');
    expect(run.done).toBe(run.total);

    const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, include: { locales: true } });
    expect(space.name).toBe(generated.space.name);
    expect(space.syncedAt).not.toBeNull();
    expect(space.syncBatchId).toBeNull();
    const codes = (generated.space.languages as Array<{ code: string }>).map((language) => language.code);
    expect(space.locales.map((locale) => locale.code).sort()).toEqual([...codes].sort());

    expect(await prisma.storyNode.count({ where: { spaceId, isFolder: true } })).toBe(generated.folders.length);
    expect(await prisma.storyNode.count({ where: { spaceId, isFolder: false } })).toBe(generated.stories.length);

    const expected = expectedFromSource(codes);
    const expectedKeys = expected
      .flatMap((story) => story.keys.map((key) => `${story.id}|${key.key}|${key.hash}`))
      .sort();
    const storedKeys = await prisma.translatableKey.findMany({
      where: { spaceId },
      select: { key: true, hash: true, story: { select: { storyblokId: true } } },
    });
    expect(storedKeys.map((key) => `${key.story.storyblokId}|${key.key}|${key.hash}`).sort()).toEqual(expectedKeys);

    const expectedTranslations = expected.flatMap((story) =>
      story.keys.flatMap((key) => Object.keys(key.translations).map((code) => `${key.key}|${code}`)),
    );
    const storedTranslations = await prisma.translation.findMany({
      where: { translatableKey: { spaceId } },
      select: {
        origin: true,
        referenceHash: true,
        translatableKey: { select: { key: true } },
        spaceLocale: { select: { code: true } },
      },
    });
    expect(storedTranslations.map((row) => `${row.translatableKey.key}|${row.spaceLocale.code}`).sort()).toEqual(
      expectedTranslations.sort(),
    );
    expect(storedTranslations.every((row) => row.origin === 'import' && row.referenceHash === null)).toBe(true);

    const skipped = expected.reduce(
      (sum, story) => sum + Object.values(story.skippedComponents).reduce((a, b) => a + b, 0),
      0,
    );
    const report = run.report as { skippedComponents: Record<string, number> };
    expect(Object.values(report.skippedComponents).reduce((a, b) => a + b, 0)).toBe(skipped);
  });

  it('keeps the counts exact: per locale and per space', async () => {
    const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, include: { locales: true } });
    const keys = await prisma.translatableKey.count({ where: { spaceId } });
    expect(space.translatableKeysCount).toBe(keys);
    let translatedTotal = 0;
    for (const locale of space.locales) {
      const translated = await prisma.translation.count({ where: { spaceLocaleId: locale.id } });
      expect(locale.translatedKeyCount).toBe(translated);
      expect(locale.verifiedKeyCount).toBe(0);
      translatedTotal += translated;
    }
    expect(space.translatedKeysCount).toBe(translatedTotal);
    const storyWithKeys = await prisma.storyNode.findFirstOrThrow({
      where: { spaceId, keyCount: { gt: 0 } },
      select: { id: true, keyCount: true },
    });
    expect(await prisma.translatableKey.count({ where: { storyId: storyWithKeys.id } })).toBe(storyWithKeys.keyCount);
  });

  it('links folders and stories into a tree with ancestor paths', async () => {
    const nodes = await prisma.storyNode.findMany({
      where: { spaceId },
      select: { id: true, parentId: true, path: true, storyblokParentId: true },
    });
    const byId = new Map(nodes.map((node) => [node.id, node]));
    for (const node of nodes) {
      const parent = node.parentId ? byId.get(node.parentId) : undefined;
      expect(node.path).toBe(`${parent ? parent.path : '/'}${node.id}/`);
      if (node.storyblokParentId && node.storyblokParentId > 0n) expect(parent).toBeDefined();
    }
  });

  it('writes nothing on a second sync when nothing changed in Storyblok', async () => {
    const before = await rowVersions();
    const spaceBefore = await prisma.space.findUniqueOrThrow({ where: { id: spaceId } });
    storyblok.clearRequests();
    await sync();
    expect(await rowVersions()).toBe(before);
    const spaceAfter = await prisma.space.findUniqueOrThrow({ where: { id: spaceId } });
    expect({ ...spaceAfter, syncedAt: null, updatedAt: null }).toEqual({
      ...spaceBefore,
      syncedAt: null,
      updatedAt: null,
    });
    expect(spaceAfter.syncedAt!.getTime()).toBeGreaterThan(spaceBefore.syncedAt!.getTime());
    expect(storyblok.requests().every((request: { method: string }) => request.method === 'GET')).toBe(true);
  });

  it('picks up an editor’s change, a vanished story and an edited translation on the next sync', async () => {
    const stories = generated.stories as Array<{ id: number; content: Record<string, unknown> }>;
    const target = await prisma.translatableKey.findFirstOrThrow({
      where: { spaceId, fieldType: 'text' },
      select: { id: true, key: true, field: true, story: { select: { storyblokId: true } } },
      orderBy: { id: 'asc' },
    });
    const edited = stories.find((story) => BigInt(story.id) === target.story.storyblokId)!;
    const removed = stories.find((story) => story.id !== edited.id)!;
    const content = structuredClone(
      storyblok.getStory(generated.spaceId, edited.id).content as Record<string, unknown>,
    );
    const uid = target.key.split(':')[0];
    const blok = findBlok(content, uid!);
    blok[target.field] = 'A brand new source text';
    storyblok.editStory(generated.spaceId, edited.id, { content });
    const deleted = await fetch(`${storyblok.mapiUrl}/spaces/${generated.spaceId}/stories/${removed.id}`, {
      method: 'DELETE',
      headers: { authorization: generated.token },
    });
    expect(deleted.status).toBe(200);
    await sync();
    const key = await prisma.translatableKey.findUniqueOrThrow({ where: { id: target.id } });
    expect(key.valueText).toBe('A brand new source text');
    expect(await prisma.storyNode.count({ where: { spaceId, storyblokId: BigInt(removed!.id) } })).toBe(0);
    const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId } });
    expect(space.translatableKeysCount).toBe(await prisma.translatableKey.count({ where: { spaceId } }));
  });
});
