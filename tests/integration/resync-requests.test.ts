import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { runSpaceSync } from '#server/features/sync/run-space-sync.ts';
import { createLogger } from '#server/logger.ts';
import type { StoryblokAccess } from '#server/storyblok-access/index.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { generateData, toRawData } from '#tests/fakes/storyblok/generate/generate-data.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectedSpaceRow, storyblokAccessOn } from '#tests/support/storyblok-access.ts';
import { openTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

// 200 stories and their folders: three pages of the story list.
const STORIES = 200;
const generated = generateData({ stories: STORIES, seed: 'resync-requests' });
const storyIds = generated.stories.map((story) => story.id as number);
let storyblok: FakeStoryblok;
let database: TestDatabase;
let prisma: Database;
let access: StoryblokAccess;
let spaceId: number;

async function sync(): Promise<void> {
  const run = await prisma.syncRun.create({ data: { spaceId, trigger: 'manual' }, select: { id: true } });
  await runSpaceSync({ prisma, storyblok: access, logger: createLogger({ level: 'silent' }) }, run.id);
  const { status } = await prisma.syncRun.findUniqueOrThrow({ where: { id: run.id }, select: { status: true } });
  expect(status).toBe('completed');
}

/** What Polyblok asked Storyblok during `work`, as "path?query" of each request. */
async function requestsOf(work: () => Promise<void>): Promise<string[]> {
  storyblok.clearRequests();
  await work();
  const base = `/v1/spaces/${generated.spaceId}`;
  return storyblok.requests().map((request) => `${request.path.replace(base, '')}${request.query ? '?' : ''}`);
}

const storyReads = (requests: string[]) => requests.filter((request) => /^\/stories\/\d+$/.test(request));

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ data: toRawData(generated) });
  database = await openTestDatabase();
  await applyPendingMigrations(database.driver);
  prisma = createPrisma(database.driver);
  access = storyblokAccessOn(database, prisma, storyblok.mapiUrl);
  spaceId = await connectedSpaceRow(prisma, access, {
    name: 'resync',
    storyblokSpaceId: generated.spaceId,
    token: generated.token,
  });
  await sync();
}, 240_000);

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
  await storyblok?.close();
});

describe('a resync of a space already synced', () => {
  it('asks Storyblok for the space, the components, one page of recent edits and the datasources when nothing changed', async () => {
    // Whatever the space's size: a space of 1,000 stories resyncs in these 4 requests, where its listing takes 11.
    const requests = await requestsOf(sync);
    expect(requests).toEqual(['', '/components', '/stories?', '/datasources?']);
    const listing = storyblok.requests().find((request) => request.path.endsWith('/stories'))!;
    expect(new URLSearchParams(listing.query).get('sort_by')).toBe('updated_at:desc');
  });

  it('reads exactly the story an editor changed, and takes its new text', async () => {
    const storyId = storyIds[137]!;
    const story = storyblok.getStory(generated.spaceId, storyId);
    storyblok.editStory(generated.spaceId, storyId, { name: 'Renamed in Storyblok', content: story.content });
    const requests = await requestsOf(sync);
    expect(storyReads(requests)).toEqual([`/stories/${storyId}`]);
    expect(requests).toHaveLength(5);
    const node = await prisma.storyNode.findUniqueOrThrow({
      where: { spaceId_storyblokId: { spaceId, storyblokId: BigInt(storyId) } },
      select: { name: true },
    });
    expect(node.name).toBe('Renamed in Storyblok');
  });

  it('takes a language added in Storyblok without listing more', async () => {
    storyblok.state.space(generated.spaceId).space.languages.push({ code: 'pt-br', name: 'Portuguese (Brazil)' });
    const requests = await requestsOf(sync);
    expect(requests).toHaveLength(4);
    const codes = await prisma.spaceLocale.findMany({ where: { spaceId }, select: { code: true } });
    expect(codes.map((locale) => locale.code)).toContain('pt-br');
  });

  it('takes a component changed in Storyblok', async () => {
    const component = storyblok.state.space(generated.spaceId).components[0]!;
    component.schema = { ...component.schema, subtitle: { type: 'text', translatable: true } };
    const requests = await requestsOf(sync);
    expect(requests).toHaveLength(4);
    const stored = await prisma.storyblokComponent.findFirstOrThrow({
      where: { spaceId, name: component.name },
      select: { schema: true },
    });
    expect(stored.schema).toHaveProperty('subtitle');
  });

  it('reads the whole list again when a folder is renamed, and moves the paths below it', async () => {
    const folder = generated.folders[0]!;
    storyblok.editStory(generated.spaceId, folder.id as number, { slug: 'renamed-folder' });
    const requests = await requestsOf(sync);
    const pages = Math.ceil((STORIES + generated.folders.length) / 100);
    expect(requests.filter((request) => request === '/stories?')).toHaveLength(1 + pages);
    expect(storyReads(requests)).toEqual([]);
    const below = await prisma.storyNode.findMany({
      where: { spaceId, storyblokParentId: BigInt(folder.id as number) },
      select: { fullSlug: true },
    });
    expect(below.length).toBeGreaterThan(0);
    for (const node of below) expect(node.fullSlug.startsWith('renamed-folder/')).toBe(true);
  });

  it('reads the whole list again when a story was deleted, removes it and still reads an edited one', async () => {
    const storyId = storyIds[42]!;
    const editedId = storyIds[43]!;
    const story = storyblok.getStory(generated.spaceId, editedId);
    storyblok.editStory(generated.spaceId, editedId, { name: 'Edited before a deletion', content: story.content });
    const deleted = await fetch(`${storyblok.mapiUrl}/spaces/${generated.spaceId}/stories/${storyId}`, {
      method: 'DELETE',
      headers: { authorization: generated.token },
    });
    expect(deleted.status).toBe(200);
    // The edited story is read, and the missing one asked for once: Storyblok confirms it is gone.
    expect(storyReads(await requestsOf(sync))).toEqual([`/stories/${editedId}`, `/stories/${storyId}`]);
    expect(await prisma.storyNode.count({ where: { spaceId, storyblokId: BigInt(storyId) } })).toBe(0);
    expect(await prisma.storyNode.count({ where: { spaceId } })).toBe(STORIES - 1 + generated.folders.length);
    expect(await requestsOf(sync)).toHaveLength(4);
  });
});
