import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { runSpaceSync } from '#server/features/sync/run-space-sync.ts';
import { createWriteBackJob } from '#server/features/write-back/write-back.job.ts';
import { writeBackStory } from '#server/features/write-back/write-back.service.ts';
import type { JobContext } from '#server/jobs/define-job.ts';
import { runAttempt } from '#server/jobs/run-attempt.ts';
import { createLogger } from '#server/logger.ts';
import type { StoryblokAccess } from '#server/storyblok-access/index.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectedSpaceRow, storyblokAccessOn, withSpaceCalls } from '#tests/support/storyblok-access.ts';
import { openTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

let storyblok: FakeStoryblok;
let database: TestDatabase;
let prisma: Database;
let access: StoryblokAccess;
let spaceId: number;
let homeId: number;

const jobContext = (): JobContext => ({
  jobId: 'test-job',
  retryCount: 0,
  signal: new AbortController().signal,
  logger: createLogger({ level: 'silent' }),
  send: () => Promise.resolve(null),
});

const homeContent = () =>
  storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content as Record<string, unknown> & {
    body: Array<Record<string, unknown>>;
  };
const homeReads = () =>
  storyblok
    .requests()
    .filter((request: { path: string }) => request.path.endsWith(`/stories/${basicFixture.stories.home}`));

/** Storyblok, with an editor saving the story there right after Polyblok's first read of it. */
function withEditorSaveAfterFirstRead(edit: () => void): StoryblokAccess {
  let reads = 0;
  return withSpaceCalls(access, (real) => ({
    async findStory(story) {
      const answer = await real.findStory(story);
      reads += 1;
      if (reads === 1) edit();
      return answer;
    },
  }));
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  database = await openTestDatabase();
  await applyPendingMigrations(database.driver);
  prisma = createPrisma(database.driver);
  access = storyblokAccessOn(database, prisma, storyblok.mapiUrl);
  spaceId = await connectedSpaceRow(prisma, access, {
    name: 'basic',
    storyblokSpaceId: basicFixture.spaceId,
    token: basicFixture.pat,
  });
  const run = await prisma.syncRun.create({ data: { spaceId, trigger: 'initial' }, select: { id: true } });
  await runSpaceSync({ prisma, storyblok: access, logger: createLogger({ level: 'silent' }) }, run.id);
  homeId = (
    await prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
      select: { id: true },
    })
  ).id;
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
  await storyblok?.close();
});

async function translate(key: string, code: string, value: unknown) {
  const row = await prisma.translatableKey.findFirstOrThrow({
    where: { storyId: homeId, key: { endsWith: key } },
    select: { id: true, valueText: true },
  });
  const locale = await prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code }, select: { id: true } });
  await prisma.translation.upsert({
    where: { translatableKeyId_spaceLocaleId: { translatableKeyId: row.id, spaceLocaleId: locale.id } },
    create: {
      translatableKeyId: row.id,
      spaceLocaleId: locale.id,
      value: value as never,
      valueText: String(value),
      origin: 'manual',
    },
    update: { value: value as never, valueText: String(value), origin: 'manual' },
  });
}

describe('writing translations back to Storyblok', () => {
  it('changes only __i18n__ keys, and keeps an editor’s save made between read and write', async () => {
    const before = structuredClone(
      storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content,
    ) as Record<string, unknown>;
    await translate(':page:title', 'fr', 'Bienvenue');
    await translate(':teaser:headline', 'de', 'Hallo, Welt!');

    const deps = {
      prisma,
      storyblok: withEditorSaveAfterFirstRead(() => {
        const content = structuredClone(
          storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content,
        ) as Record<string, unknown>;
        storyblok.editStory(basicFixture.spaceId, basicFixture.stories.home, {
          content: { ...content, internal_note: 'Edited by an editor meanwhile' },
        });
      }),
    };
    await writeBackStory(deps, homeId);

    const after = storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content as Record<
      string,
      unknown
    >;
    const body = (value: Record<string, unknown>) => (value.body as Array<Record<string, unknown>>)[0]!;
    expect(after.internal_note).toBe('Edited by an editor meanwhile');
    expect(after.title__i18n__fr).toBe('Bienvenue');
    expect(body(after).headline__i18n__de).toBe('Hallo, Welt!');
    // Nothing else moved: the story equals the one before, plus the editor's note and the two translations.
    const expected = structuredClone(before);
    expected.internal_note = 'Edited by an editor meanwhile';
    expected.title__i18n__fr = 'Bienvenue';
    body(expected).headline__i18n__de = 'Hallo, Welt!';
    expect(after).toEqual(expected);

    const state = await prisma.storyWriteBack.findUniqueOrThrow({ where: { storyId: homeId } });
    expect(state).toMatchObject({ status: 'done', lastError: null });
    expect(state.lastWrittenAt).not.toBeNull();
  });

  it('sends nothing when Storyblok already holds every translation', async () => {
    storyblok.clearRequests();
    await writeBackStory({ prisma, storyblok: access }, homeId);
    expect(storyblok.requests()).toHaveLength(0);
  });

  it('lets the next sync import an editor’s save that the write merged onto', async () => {
    const run = await prisma.syncRun.create({ data: { spaceId, trigger: 'manual' }, select: { id: true } });
    storyblok.clearRequests();
    await runSpaceSync({ prisma, storyblok: access, logger: createLogger({ level: 'silent' }) }, run.id);
    // The write went onto a version Polyblok had not read (the editor's save): the sync reads the story again.
    expect(homeReads()).toHaveLength(1);
    const translations = await prisma.translation.findMany({
      where: { translatableKey: { storyId: homeId }, origin: 'manual' },
      select: { value: true },
    });
    expect(translations.map((row) => row.value).sort()).toEqual(['Bienvenue', 'Hallo, Welt!']);
  });

  it('lets the next sync find nothing to re-read after a write onto the version Polyblok holds', async () => {
    await translate(':teaser:headline', 'fr', 'Bonjour le monde');
    await writeBackStory({ prisma, storyblok: access }, homeId);
    expect(homeContent().body[0]!.headline__i18n__fr).toBe('Bonjour le monde');

    const run = await prisma.syncRun.create({ data: { spaceId, trigger: 'manual' }, select: { id: true } });
    storyblok.clearRequests();
    await runSpaceSync({ prisma, storyblok: access, logger: createLogger({ level: 'silent' }) }, run.id);
    expect(homeReads()).toHaveLength(0);
  });

  it('never hides a source edit made between its read and its write: the sync imports it as outdated', async () => {
    const title = await prisma.translatableKey.findFirstOrThrow({
      where: { storyId: homeId, key: { endsWith: ':page:title' } },
      select: { id: true, hash: true },
    });
    await translate(':page:title', 'de', 'Willkommen auf unserer Seite');
    // Another translation goes out in the same write: the write happens, onto the editor's version.
    await translate(':teaser:headline', 'de', 'Hallo, neue Welt!');
    const de = await prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'de' }, select: { id: true } });
    await prisma.translation.update({
      where: { translatableKeyId_spaceLocaleId: { translatableKeyId: title.id, spaceLocaleId: de.id } },
      data: { referenceHash: title.hash },
    });
    const deps = {
      prisma,
      storyblok: withEditorSaveAfterFirstRead(() => {
        storyblok.editStory(basicFixture.spaceId, basicFixture.stories.home, {
          content: { ...homeContent(), title: 'Welcome to the new site' },
        });
      }),
    };
    const germanBefore = homeContent().title__i18n__de;
    await writeBackStory(deps, homeId);
    // The translation was made for the old title: it is not written over the new one.
    expect(homeContent().title).toBe('Welcome to the new site');
    expect(homeContent().title__i18n__de).toBe(germanBefore);
    expect(germanBefore).not.toBe('Willkommen auf unserer Seite');
    expect(homeContent().body[0]!.headline__i18n__de).toBe('Hallo, neue Welt!');
    const state = await prisma.storyWriteBack.findUniqueOrThrow({ where: { storyId: homeId } });
    expect(state.lastError).toMatch(/their source changed in Storyblok/);

    const run = await prisma.syncRun.create({ data: { spaceId, trigger: 'manual' }, select: { id: true } });
    await runSpaceSync({ prisma, storyblok: access, logger: createLogger({ level: 'silent' }) }, run.id);
    const key = await prisma.translatableKey.findUniqueOrThrow({
      where: { id: title.id },
      select: { valueText: true, hash: true, translations: { where: { spaceLocaleId: de.id } } },
    });
    expect(key.valueText).toBe('Welcome to the new site');
    // Still there, verified against the old source: the editor shows it as outdated.
    expect(key.translations[0]).toMatchObject({ valueText: 'Willkommen auf unserer Seite', referenceHash: title.hash });
    expect(key.hash).not.toBe(title.hash);
  });

  it('writes a blok embedded in rich text even while the rich text has no translation in that language', async () => {
    // An editor embeds a teaser in the rich text of the home page's teaser (which has no French translation).
    const content = homeContent();
    const text = structuredClone(content.body[0]!.text) as { type: string; content: unknown[] };
    text.content.push({
      type: 'blok',
      attrs: { id: 'inner', body: [{ _uid: 'inner-1', component: 'teaser', headline: 'Inner news' }] },
    });
    storyblok.editStory(basicFixture.spaceId, basicFixture.stories.home, {
      content: { ...content, body: [{ ...content.body[0], text }] },
    });
    const sync = async () => {
      const run = await prisma.syncRun.create({ data: { spaceId, trigger: 'manual' }, select: { id: true } });
      await runSpaceSync({ prisma, storyblok: access, logger: createLogger({ level: 'silent' }) }, run.id);
    };
    await sync();
    await translate('inner-1:teaser:headline', 'fr', 'Nouvelles');
    await writeBackStory({ prisma, storyblok: access }, homeId);

    const teaser = homeContent().body[0]!;
    const french = teaser.text__i18n__fr as { content: Array<{ type: string; attrs?: { body: unknown[] } }> };
    expect(french.content.at(-1)?.attrs?.body).toEqual([
      { _uid: 'inner-1', component: 'teaser', headline: 'Nouvelles' },
    ]);
    // Everything else of the French document is the source: readers of French see what they saw before.
    expect({ ...french, content: french.content.slice(0, -1) }).toEqual({
      ...text,
      content: text.content.slice(0, -1),
    });
    expect(await prisma.storyWriteBack.findUniqueOrThrow({ where: { storyId: homeId } })).toMatchObject({
      status: 'done',
      lastError: null,
    });

    // The next sync takes that document for what it is: the inner teaser's translation, no translation of the text.
    await sync();
    const fr = await prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'fr' }, select: { id: true } });
    const frenchOf = (suffix: string) =>
      prisma.translation.findMany({
        where: { spaceLocaleId: fr.id, translatableKey: { storyId: homeId, key: { endsWith: suffix } } },
        select: { valueText: true, origin: true },
      });
    expect(await frenchOf('inner-1:teaser:headline')).toEqual([{ valueText: 'Nouvelles', origin: 'manual' }]);
    expect(await frenchOf(':teaser:text')).toEqual([]);
  });

  it('marks the space’s token and stops when Storyblok refuses it', async () => {
    await translate(':page:title', 'de', 'Herzlich willkommen');
    storyblok.addToken('doomed', [basicFixture.spaceId]);
    storyblok.revokeToken('doomed');
    await access.storeCredentials(spaceId, access.sealPersonalToken(basicFixture.spaceId, 'doomed'));
    const job = createWriteBackJob({ prisma, storyblok: access });
    await runAttempt(job, { storyId: homeId }, jobContext(), prisma);
    expect(await prisma.storyWriteBack.findUniqueOrThrow({ where: { storyId: homeId } })).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/refused the token/),
    });
    expect((await prisma.space.findUniqueOrThrow({ where: { id: spaceId } })).hasTokenIssue).toBe(true);

    // From now on nothing is sent with the refused token until an admin gives a new one.
    storyblok.clearRequests();
    await expect(writeBackStory({ prisma, storyblok: access }, homeId)).rejects.toMatchObject({ code: 'token_issue' });
    expect(storyblok.requests()).toHaveLength(0);
  });
});
