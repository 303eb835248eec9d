import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLIFF_MAX_BYTES } from '#contract/xliff-rules.ts';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { readXliff } from '#server/features/xliff/xliff-read.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { apiFailure } from '#tests/support/api-failure.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { countsAndRecount } from '#tests/support/space-counts.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let owner: ApiClient;
let accessToken: string;
let spaceId: number;
let deId: number;
let frId: number;
const storyIds: Record<'home' | 'team' | 'firstPost' | 'blog', number> = { home: 0, team: 0, firstPost: 0, blog: 0 };

const TITLE = '10000000-0000-4000-a000-000000000001:page:title';
const RICHTEXT = '10000000-0000-4000-a000-000000000002:teaser:text';
const INNER = 'inner-1:teaser:headline';
const link = { type: 'link', attrs: { href: '/blog', uuid: null, anchor: null, target: '_self', linktype: 'url' } };
const richtext = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Read the ' },
        { type: 'text', text: 'blog', marks: [{ type: 'bold' }, link] },
      ],
    },
    { type: 'blok', attrs: { id: 'blok-1', body: [{ _uid: 'inner-1', component: 'teaser', headline: 'Inner' }] } },
    { type: 'paragraph', content: [{ type: 'text', text: 'Then subscribe' }] },
  ],
};

const exportFile = (query: Record<string, unknown> = {}, api = owner) =>
  api.call('exportXliff', { params: { id: spaceId }, query: { space_locale_id: deId, ...query } });
const importFile = (document: string, api = owner, spaceLocaleId = deId) =>
  api.call('importXliff', {
    params: { id: spaceId },
    query: { space_locale_id: spaceLocaleId },
    body: document,
    contentType: 'application/xliff+xml',
  });

/** What an import must leave alone when it changes nothing: translations, their history, write-back marks. */
async function changeState() {
  const [translations, history, writeBacks] = await Promise.all([
    server.prisma.translation.findMany({
      where: { spaceLocale: { spaceId } },
      select: { id: true, value: true, referenceHash: true, updatedAt: true },
      orderBy: { id: 'asc' },
    }),
    server.prisma.translationHistory.count({ where: { spaceLocale: { spaceId } } }),
    server.prisma.storyWriteBack.findMany({ where: { story: { spaceId } }, orderBy: { storyId: 'asc' } }),
  ]);
  return { translations, history, writeBacks };
}

async function member(role: 'translator' | 'viewer'): Promise<ApiClient> {
  const session = await createAccount(server, uniqueEmail(role));
  await server.prisma.membership.create({ data: { spaceId, userId: session.user.id, role, status: 'joined' } });
  return createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
}

/** The target of a segment replaced (or added after its source). */
function withTarget(document: string, key: string, segmentId: string, target: string): string {
  const unitStart = document.indexOf(`<unit id="${key}"`);
  const unitEnd = document.indexOf('</unit>', unitStart);
  const unit = document.slice(unitStart, unitEnd);
  const segment = new RegExp(
    `(<segment id="${segmentId}">\\s*<source>[\\s\\S]*?</source>)(\\s*<target>[\\s\\S]*?</target>)?`,
  );
  expect(unit).toMatch(segment);
  return document.slice(0, unitStart) + unit.replace(segment, `$1<target>${target}</target>`) + document.slice(unitEnd);
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  const home = storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content as {
    body: Array<Record<string, unknown>>;
  };
  storyblok.editStory(basicFixture.spaceId, basicFixture.stories.home, {
    content: { ...home, body: [{ ...home.body[0], text: richtext }] },
  });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api: owner, spaceId, accessToken } = await connectBasicSpace(server, 'xliff'));
  const locales = await server.prisma.spaceLocale.findMany({ where: { spaceId }, select: { id: true, code: true } });
  deId = locales.find((locale) => locale.code === 'de')!.id;
  frId = locales.find((locale) => locale.code === 'fr')!.id;
  const nodes = await server.prisma.storyNode.findMany({ where: { spaceId }, select: { id: true, storyblokId: true } });
  const idOf = (storyblokId: number) => nodes.find((node) => node.storyblokId === BigInt(storyblokId))!.id;
  storyIds.home = idOf(basicFixture.stories.home);
  storyIds.team = idOf(basicFixture.stories.team);
  storyIds.firstPost = idOf(basicFixture.stories.firstPost);
  storyIds.blog = idOf(basicFixture.folders.blog);
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('exporting XLIFF', () => {
  it('answers a download of XLIFF 2.0: a file per story, a unit per key, translations as targets', async () => {
    const response = await fetch(
      `${server.baseUrl}/api/spaces/${spaceId}/xliff?space_locale_id=${deId}&story_id=${storyIds.home}`,
      { headers: { authorization: `Bearer ${accessToken}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xliff\+xml/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="home-de.xlf"');
    const document = await response.text();
    expect(document).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">/,
    );
    const parsed = readXliff(document);
    expect(parsed.files.map((file) => file.id)).toEqual([String(storyIds.home)]);
    expect(document).toContain(`<file id="${storyIds.home}" original="home">`);
    const units = parsed.files[0]!.units;
    expect(units.map((unit) => unit.id)).toEqual(expect.arrayContaining([TITLE, RICHTEXT, INNER]));
    expect(units.find((unit) => unit.id === TITLE)!.segments).toEqual([
      { id: 's0', source: [{ kind: 'text', text: 'Welcome' }], target: [{ kind: 'text', text: 'Willkommen' }] },
    ]);
    const text = units.find((unit) => unit.id === RICHTEXT)!;
    expect(text.segments).toEqual([
      {
        id: 'b0',
        source: [
          { kind: 'text', text: 'Read the ' },
          { kind: 'pc', id: 'b0-1', children: [{ kind: 'text', text: 'blog' }] },
        ],
        target: null,
      },
      { id: 'b1', source: [{ kind: 'text', text: 'Then subscribe' }], target: null },
    ]);
    expect(document).toContain(
      '<pc id="b0-1" canCopy="no" canDelete="no" canOverlap="no" type="link" dispStart="bold + link /blog">blog</pc>',
    );
    expect(document).toMatch(
      /<\/segment>\s*<ignorable id="k1">\s*<source><ph id="k1-1" canCopy="no" canDelete="no" type="other" disp="blok: teaser"\/><\/source>/,
    );
  });

  it('exports a folder’s stories below it, or the keys of one status', async () => {
    const folder = readXliff((await exportFile({ folder_id: storyIds.blog })).document);
    const ids = folder.files.map((file) => Number(file.id));
    expect(ids).toContain(storyIds.firstPost);
    expect(ids).not.toContain(storyIds.home);
    expect(ids).not.toContain(storyIds.team);
    const missing = await exportFile({ story_id: storyIds.home, status: 'missing' });
    const units = readXliff(missing.document).files[0]!.units;
    expect(units.map((unit) => unit.id)).toContain(RICHTEXT);
    expect(units.map((unit) => unit.id)).not.toContain(TITLE);
    expect(missing.document).not.toContain('<target>');
  });

  it('refuses a story or folder of another space, and both at once', async () => {
    const other = await server.prisma.space.create({
      data: {
        name: 'Elsewhere',
        storyblokSpaceId: BigInt(990_321),
        region: 'eu',
        storyNodes: {
          create: { storyblokId: BigInt(77), name: 'Theirs', slug: 'theirs', fullSlug: 'theirs', isFolder: false },
        },
      },
      select: { storyNodes: { select: { id: true } } },
    });
    const theirs = other.storyNodes[0]!;
    expect(await apiFailure(exportFile({ story_id: theirs.id }))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await apiFailure(exportFile({ folder_id: storyIds.home }))).toMatchObject({ status: 404 });
    expect(await apiFailure(exportFile({ story_id: storyIds.home, folder_id: storyIds.blog }))).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
    // A file naming their story imports nothing into it.
    const file = (await exportFile({ story_id: storyIds.home })).document.replace(
      `<file id="${storyIds.home}"`,
      `<file id="${theirs.id}"`,
    );
    const result = await importFile(withTarget(file, TITLE, 's0', 'Fremd'));
    expect(result.applied).toBe(0);
    expect(result.unknown).toBeGreaterThan(0);
    expect(result.skipped[0]).toMatchObject({ story_id: theirs.id, story_name: null, reason: 'unknown' });
  });
});

describe('importing XLIFF', () => {
  it('changes nothing when the file comes back as it was exported', async () => {
    const before = await changeState();
    const { document } = await exportFile();
    const result = await importFile(document);
    expect(result).toMatchObject({ applied: 0, source_changed: 0, invalid: 0, unknown: 0, skipped: [] });
    expect(result.unchanged).toBeGreaterThan(3);
    expect(await changeState()).toEqual(before);
  });

  it('stores changed targets unverified, from xliff, with counts and the write-back following', async () => {
    const { document } = await exportFile({ story_id: storyIds.home });
    const before = await server.prisma.spaceLocale.findUniqueOrThrow({ where: { id: deId } });
    let edited = withTarget(document, TITLE, 's0', 'Herzlich willkommen');
    edited = withTarget(edited, RICHTEXT, 'b0', '<pc id="b0-1">Blog</pc> lesen');
    edited = withTarget(edited, RICHTEXT, 'b1', 'Dann abonnieren');
    const result = await importFile(edited);
    expect(result).toMatchObject({ applied: 2, source_changed: 0, invalid: 0, unknown: 0 });

    const story = await owner.call('getStory', { params: { storyId: storyIds.home }, query: { locale: 'de' } });
    const title = story.translatable_keys.find((key) => key.key === TITLE)!;
    expect(title).toMatchObject({ translated_key_value: 'Herzlich willkommen', status: 'unverified' });
    const text = story.translatable_keys.find((key) => key.key === RICHTEXT)!;
    expect(text.status).toBe('unverified');
    // What the editor stores for these blocks: the source's structure, the blok kept, marks on the moved word.
    expect(text.translated_key_value).toEqual({
      ...richtext,
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Blog', marks: [{ type: 'bold' }, link] },
            { type: 'text', text: ' lesen' },
          ],
        },
        richtext.content[1],
        { type: 'paragraph', content: [{ type: 'text', text: 'Dann abonnieren' }] },
      ],
    });

    const history = await owner.call('getKeyHistory', {
      query: { key: TITLE, space_locale_id: deId, story_id: storyIds.home },
    });
    expect(history.history[0]).toMatchObject({
      origin: 'xliff',
      status: 'unverified',
      value_text: 'Herzlich willkommen',
    });
    const after = await server.prisma.spaceLocale.findUniqueOrThrow({ where: { id: deId } });
    expect(after.translatedKeyCount).toBe(before.translatedKeyCount + 1);
    const counts = await countsAndRecount(server.prisma, spaceId);
    expect(counts.kept).toEqual(counts.recount);
    const marked = await server.prisma.storyWriteBack.findUniqueOrThrow({ where: { storyId: storyIds.home } });
    expect(['pending', 'writing', 'done']).toContain(marked.status);
    await expect
      .poll(
        () =>
          (storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content as Record<string, unknown>)
            .title__i18n__de,
        { timeout: 20_000 },
      )
      .toBe('Herzlich willkommen');

    // The same file again is no change (once the write-back has finished with the story).
    await expect
      .poll(
        async () =>
          (await server.prisma.storyWriteBack.findUniqueOrThrow({ where: { storyId: storyIds.home } })).status,
      )
      .toBe('done');
    const again = await changeState();
    expect(await importFile(edited)).toMatchObject({ applied: 0 });
    expect(await changeState()).toEqual(again);
  });

  it('skips units whose source changed, whose codes are broken, or that name no key, and says why', async () => {
    const before = await changeState();
    const { document } = await exportFile({ story_id: storyIds.home });
    let edited = withTarget(document, TITLE, 's0', 'Neu').replace(
      '<source>Welcome</source>',
      '<source>Welcome!</source>',
    );
    edited = withTarget(edited, RICHTEXT, 'b0', 'Blog lesen');
    edited = withTarget(edited, RICHTEXT, 'b1', 'Dann abonnieren!');
    edited = edited.replace(`<unit id="${INNER}"`, '<unit id="nobody:teaser:headline"');
    edited = withTarget(edited, 'nobody:teaser:headline', 's0', 'Niemand');
    const result = await importFile(edited);
    expect(result).toMatchObject({ applied: 0, source_changed: 1, invalid: 1, unknown: 1 });
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ story_id: storyIds.home, story_name: 'Home', key: TITLE, reason: 'source_changed' }),
        expect.objectContaining({
          key: RICHTEXT,
          reason: 'invalid',
          message: expect.stringMatching(/Block 1: marker/),
        }),
        expect.objectContaining({ key: 'nobody:teaser:headline', reason: 'unknown' }),
      ]),
    );
    expect(await changeState()).toEqual(before);
  });

  it('refuses documents that are not XLIFF 2.0 for this language with 400, changing nothing', async () => {
    const before = await changeState();
    const { document } = await exportFile({ story_id: storyIds.home });
    const refused = async (text: string, code: string, contentType = 'application/xliff+xml') => {
      const error = await apiFailure(
        owner.call('importXliff', {
          params: { id: spaceId },
          query: { space_locale_id: deId },
          body: text,
          contentType,
        }),
      );
      expect(error).toMatchObject({ status: code === 'unsupported_media_type' ? 415 : 400, code });
      return error.message;
    };
    expect(await refused(document.slice(0, -20), 'invalid_xliff')).toMatch(/not well-formed XML/);
    const bomb = document.replace(
      '<xliff ',
      '<!DOCTYPE xliff [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<xliff ',
    );
    expect(await refused(withTarget(bomb, TITLE, 's0', '&b;'), 'invalid_xliff')).toMatch(/DOCTYPE/);
    expect(await refused(document.replace('version="2.0"', 'version="1.2"'), 'invalid_xliff')).toMatch(/XLIFF 2\.0/);
    expect(await refused(document.replace('trgLang="de"', 'trgLang="fr"'), 'xliff_language_mismatch')).toMatch(
      /German|de/,
    );
    await refused(JSON.stringify({ document }), 'unsupported_media_type', 'application/json');
    const huge = document.replace('</xliff>', `<!--${'x'.repeat(XLIFF_MAX_BYTES)}--></xliff>`);
    const tooLarge = await apiFailure(importFile(huge));
    expect(tooLarge).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(await changeState()).toEqual(before);
    expect((await apiFailure(importFile(document, owner, frId))).code).toBe('xliff_language_mismatch');
  });

  it('lets viewers export but not import, and translators do both', async () => {
    const viewer = await member('viewer');
    const translator = await member('translator');
    const { document } = await exportFile({ story_id: storyIds.home }, viewer);
    expect(await apiFailure(importFile(document, viewer))).toMatchObject({ status: 403 });
    const result = await importFile(withTarget(document, TITLE, 's0', 'Willkommen daheim'), translator);
    expect(result.applied).toBe(1);
  });
});
