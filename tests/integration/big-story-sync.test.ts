import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { runSpaceSync } from '#server/features/sync/run-space-sync.ts';
import { createLogger } from '#server/logger.ts';
import type { StoryblokAccess } from '#server/storyblok-access/index.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectedSpaceRow, storyblokAccessOn } from '#tests/support/storyblok-access.ts';
import { openTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

const TEASERS = 20_000;

let storyblok: FakeStoryblok;
let database: TestDatabase;
let prisma: Database;
let access: StoryblokAccess;
let spaceId: number;

/** The home page with 20,000 teasers under its title, every second one already translated into German. */
function hugeHome(edited: (index: number) => boolean = () => false) {
  const home = storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content as Record<string, unknown>;
  return {
    _uid: home._uid,
    component: 'page',
    title: 'Welcome',
    body: Array.from({ length: TEASERS }, (_, index) => ({
      _uid: `big-${index}`,
      component: 'teaser',
      headline: edited(index) ? `Teaser ${index}, edited` : `Teaser ${index}`,
      ...(index % 2 === 0 ? { headline__i18n__de: `Anreißer ${index}` } : {}),
    })),
  };
}

async function sync(): Promise<{ status: string; report: Record<string, unknown> }> {
  const run = await prisma.syncRun.create({ data: { spaceId, trigger: 'manual' }, select: { id: true } });
  await runSpaceSync({ prisma, storyblok: access, logger: createLogger({ level: 'silent' }) }, run.id);
  const finished = await prisma.syncRun.findUniqueOrThrow({ where: { id: run.id } });
  return { status: finished.status, report: finished.report as Record<string, unknown> };
}

const homeKeys = () =>
  prisma.translatableKey.count({ where: { story: { spaceId, storyblokId: BigInt(basicFixture.stories.home) } } });

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  database = await openTestDatabase();
  await applyPendingMigrations(database.driver);
  prisma = createPrisma(database.driver);
  access = storyblokAccessOn(database, prisma, storyblok.mapiUrl);
  spaceId = await connectedSpaceRow(prisma, access, {
    name: 'big',
    storyblokSpaceId: basicFixture.spaceId,
    token: basicFixture.pat,
  });
  storyblok.editStory(basicFixture.spaceId, basicFixture.stories.home, { content: hugeHome() });
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
  await storyblok?.close();
});

// Twenty thousand keys take a while on a busy machine: these two get more time than the suite's default.
const BIG = { timeout: 240_000 };

describe('a story of twenty thousand keys', () => {
  it('imports with its translations', BIG, async () => {
    const { status, report } = await sync();
    expect(status).toBe('completed');
    expect(await homeKeys()).toBe(TEASERS + 1);
    const de = await prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'de' } });
    const imported = await prisma.translation.count({
      where: { spaceLocaleId: de.id, translatableKey: { key: { startsWith: 'big-' } } },
    });
    expect(imported).toBe(TEASERS / 2);
    expect(report).toMatchObject({ keysAdded: expect.any(Number) });
    // The counts the screens read agree with the rows.
    expect(de.translatedKeyCount).toBe(await prisma.translation.count({ where: { spaceLocaleId: de.id } }));
  });

  it('re-syncs an edit of a few of its fields, changing those keys only', BIG, async () => {
    storyblok.editStory(basicFixture.spaceId, basicFixture.stories.home, {
      content: hugeHome((index) => index % 2000 === 1),
    });
    const { status, report } = await sync();
    expect(status).toBe('completed');
    expect(report).toMatchObject({ keysChanged: 10, keysAdded: 0, keysRemoved: 0 });
    expect(await homeKeys()).toBe(TEASERS + 1);
    const edited = await prisma.translatableKey.findFirstOrThrow({
      where: { key: 'big-1:teaser:headline', story: { spaceId } },
      select: { valueText: true },
    });
    expect(edited.valueText).toBe('Teaser 1, edited');
  });
});
