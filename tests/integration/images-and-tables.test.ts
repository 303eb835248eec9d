import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import type { TranslatableKey } from '#contract/content.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';
import { connectBasicSpace, storyNodeId } from '#tests/support/connected-space.ts';
import { galleryAsset, galleryBlok, galleryData, galleryTable } from '#tests/support/gallery-story.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { until } from '#tests/support/until.ts';

let dataDir: string;
let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let homeId: number;
let spaceId: number;

const story = (locale: string) => api.call('getStory', { params: { storyId: homeId }, query: { locale } });
const galleryKeys = async (locale: string) =>
  (await story(locale)).translatable_keys.filter((key) => key.component === 'gallery');
const keyOf = async (locale: string, key: string) => (await galleryKeys(locale)).find((item) => item.key === key)!;
const liveGallery = () =>
  (storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content as { body: Record<string, unknown>[] })
    .body[0]!;

async function save(locale: string, key: TranslatableKey, value: string) {
  const { space_locale_id } = await story(locale);
  return api.call('saveTranslation', {
    body: { key: key.key, story_id: homeId, space_locale_id, field_type: key.field_type, value },
  });
}

beforeAll(async () => {
  dataDir = galleryData();
  storyblok = await startFakeStoryblok({ dataDir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api, spaceId } = await connectBasicSpace(server, 'gallery'));
  homeId = await storyNodeId(server.prisma, spaceId, basicFixture.stories.home);
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('images and tables of a story', () => {
  it('lists the alt texts and titles beside their image, and each table cell with its place', async () => {
    const keys = await galleryKeys('de');
    expect(keys.map((key) => [key.key, key.field_type, key.value, key.image_url, key.table_cell])).toEqual([
      [
        'gallery-1:gallery:hero:alt',
        'special_polyblok_asset_alt',
        'A lighthouse at dusk',
        galleryAsset(501, '').filename,
        null,
      ],
      [
        'gallery-1:gallery:hero:title',
        'special_polyblok_asset_title',
        'Lighthouse',
        galleryAsset(501, '').filename,
        null,
      ],
      [
        'gallery-1:gallery:photos:a502:alt',
        'special_polyblok_asset_alt',
        'Waves on the rocks',
        galleryAsset(502, '').filename,
        null,
      ],
      [
        'gallery-1:gallery:photos:a504:alt',
        'special_polyblok_asset_alt',
        'The harbour',
        galleryAsset(504, '').filename,
        null,
      ],
      [
        'gallery-1:gallery:photos:a504:title',
        'special_polyblok_asset_title',
        'Harbour',
        galleryAsset(504, '').filename,
        null,
      ],
      ['gallery-1:gallery:prices:head-0', 'special_polyblok_table_cell', 'Tour', null, { row: 0, column: 1 }],
      ['gallery-1:gallery:prices:head-1', 'special_polyblok_table_cell', 'Price', null, { row: 0, column: 2 }],
      ['gallery-1:gallery:prices:cell-0-0', 'special_polyblok_table_cell', 'Morning tour', null, { row: 1, column: 1 }],
      ['gallery-1:gallery:prices:cell-0-1', 'special_polyblok_table_cell', '12 €', null, { row: 1, column: 2 }],
      ['gallery-1:gallery:prices:cell-1-0', 'special_polyblok_table_cell', 'Night tour', null, { row: 2, column: 1 }],
    ]);
    // What Storyblok held translated came in; what its copies kept of the source did not.
    expect(keys.filter((key) => key.status !== 'missing').map((key) => [key.key, key.translated_key_value])).toEqual([
      ['gallery-1:gallery:hero:alt', 'Ein Leuchtturm in der Dämmerung'],
      ['gallery-1:gallery:prices:head-1', 'Preis'],
    ]);
  });

  it('writes an image copy per language with only its texts changed, and a whole table', async () => {
    await save('fr', await keyOf('fr', 'gallery-1:gallery:hero:alt'), 'Un phare au crépuscule');
    await save('fr', await keyOf('fr', 'gallery-1:gallery:photos:a504:title'), 'Port');
    await save('fr', await keyOf('fr', 'gallery-1:gallery:prices:head-1'), 'Prix');
    await save('fr', await keyOf('fr', 'gallery-1:gallery:prices:cell-1-0'), 'Visite de nuit');
    await until(
      async () => (await story('fr')).write_back,
      (state) => state?.state === 'written',
    );
    const live = liveGallery();
    expect(live.hero__i18n__fr).toEqual(galleryAsset(501, 'Un phare au crépuscule', 'Lighthouse'));
    expect(live.photos__i18n__fr).toEqual([
      galleryAsset(502, 'Waves on the rocks'),
      galleryAsset(503, ''),
      galleryAsset(504, 'The harbour', 'Port'),
    ]);
    expect(live.prices__i18n__fr).toEqual(
      galleryTable(
        ['Tour', 'Prix'],
        [
          ['Morning tour', '12 €'],
          ['Visite de nuit', ''],
        ],
      ),
    );
    // The source and the other language stay as they were.
    expect(live.hero).toEqual(galleryBlok.hero);
    expect(live.hero__i18n__de).toEqual(galleryBlok.hero__i18n__de);
    expect(live.prices__i18n__de).toEqual(galleryBlok.prices__i18n__de);
  });

  it('keeps its own writes as they were at the next sync, and takes in a cell an editor changed in Storyblok', async () => {
    const live = liveGallery();
    const edited = structuredClone(live.prices__i18n__fr) as ReturnType<typeof galleryTable>;
    edited.thead[0]!.value = 'Visite';
    storyblok.editStory(basicFixture.spaceId, basicFixture.stories.home, {
      content: {
        ...(storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content as object),
        body: [{ ...live, prices__i18n__fr: edited }],
      },
    });
    await api.call('startSync', { params: { id: spaceId } });
    const head = await until(
      () => keyOf('fr', 'gallery-1:gallery:prices:head-0'),
      (key) => key.translated_key_value === 'Visite',
    );
    expect(head.status).toBe('unverified');
    const keys = await galleryKeys('fr');
    expect(keys.filter((key) => key.status !== 'missing').map((key) => [key.key, key.translated_key_value])).toEqual([
      ['gallery-1:gallery:hero:alt', 'Un phare au crépuscule'],
      ['gallery-1:gallery:photos:a504:title', 'Port'],
      ['gallery-1:gallery:prices:head-0', 'Visite'],
      ['gallery-1:gallery:prices:head-1', 'Prix'],
      ['gallery-1:gallery:prices:cell-1-0', 'Visite de nuit'],
    ]);
    const history = await server.prisma.translationHistory.count({
      where: { translatableKey: { key: 'gallery-1:gallery:hero:alt' }, origin: 'storyblok' },
    });
    expect(history).toBe(0);
  });

  it('refuses a richtext value for a table cell, changing nothing', async () => {
    const cell = await keyOf('fr', 'gallery-1:gallery:prices:cell-0-0');
    const { space_locale_id } = await story('fr');
    const error = await failure(
      api.call('saveTranslation', {
        body: { key: cell.key, story_id: homeId, space_locale_id, field_type: 'richtext', value: 'x' },
      }),
    );
    expect(error.status).toBe(400);
    expect((await keyOf('fr', cell.key)).status).toBe('missing');
  });
});
