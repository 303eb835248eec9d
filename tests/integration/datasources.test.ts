import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { until } from '#tests/support/until.ts';

// The basic fixture's datasources: Navigation (7001) has a German (7101) and a French (7102) dimension, Colors
// (7002) none.
const NAVIGATION = 7001;
const GERMAN = '7101';
const FRENCH = '7102';

let storyblok: FakeStoryblok;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
let navigationId: number;

const navigation = (locale: string) => api.call('getStory', { params: { storyId: navigationId }, query: { locale } });
const liveEntry = (id: number) =>
  storyblok.state
    .space(basicFixture.spaceId)
    .datasources.find((source) => source.id === NAVIGATION)!
    .entries.find((entry) => entry.id === id)!;

async function save(locale: string, key: string, value: string) {
  const story = await navigation(locale);
  const target = story.translatable_keys.find((item) => item.key === key)!;
  return api.call('saveTranslation', {
    body: {
      key,
      story_id: navigationId,
      space_locale_id: story.space_locale_id,
      field_type: target.field_type,
      value,
    },
  });
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api, spaceId } = await connectBasicSpace(server, 'datasources'));
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('datasources with dimensions', () => {
  it('shows under a Datasources folder at the root, one entry list per datasource that has dimensions', async () => {
    const root = await api.call('getRootFolder', { query: { locale: 'de', space_id: spaceId } });
    const folder = root.stories.find((item) => item.name === 'Datasources')!;
    expect(folder).toMatchObject({ is_folder: true, publication: 'folder', translatable_keys_count: 3 });
    // Folders come first, Datasources after Storyblok's own.
    expect(root.stories.filter((item) => item.is_folder).at(-1)?.name).toBe('Datasources');
    const inside = await api.call('getFolder', {
      params: { folderId: folder.id },
      query: { locale: 'de', space_id: spaceId },
    });
    expect(inside.stories.map((item) => [item.name, item.publication, item.translatable_keys_count])).toEqual([
      ['Navigation', 'datasource', 3],
    ]);
    navigationId = inside.stories[0]!.id;
  });

  it('lists each entry by its name with its value as the source, and each language’s value as its translation', async () => {
    const german = await navigation('de');
    expect(german.kind).toBe('datasource');
    expect(
      german.translatable_keys.map((key) => [
        key.field,
        key.value,
        key.field_type,
        key.status,
        key.translated_key_value,
      ]),
    ).toEqual([
      ['nav_home', 'Home', 'special_polyblok_datasource_entry', 'unverified', 'Startseite'],
      ['nav_about', 'About us', 'special_polyblok_datasource_entry', 'missing', null],
      ['nav_contact', 'Contact us', 'special_polyblok_datasource_entry', 'missing', null],
    ]);
    const french = await navigation('fr');
    expect(french.translatable_keys.map((key) => key.translated_key_value)).toEqual([null, 'À propos', null]);
  });

  it('writes a translation as the entry’s value in the language’s dimension, leaving the others', async () => {
    await save('de', 'datasource_entry:7202', 'Über uns');
    await until(
      async () => (await navigation('de')).write_back,
      (state) => state?.state === 'written',
    );
    expect(liveEntry(7202)).toMatchObject({
      name: 'nav_about',
      value: 'About us',
      dimension_values: { [GERMAN]: 'Über uns', [FRENCH]: 'À propos' },
    });
    // What Storyblok already held was not sent again.
    const writes = storyblok.requests().filter((request) => request.method === 'PUT');
    expect(writes.map((request) => request.path)).toEqual([
      `/v1/spaces/${basicFixture.spaceId}/datasource_entries/7202`,
    ]);
  });

  it('reads the datasources again when Storyblok says their entries changed', async () => {
    const webhook = await api.call('getWebhookSettings', { params: { id: spaceId } });
    storyblok.addWebhook({ url: webhook.url, secret: webhook.secret, spaceId: basicFixture.spaceId });
    // An editor sets the French contact label in Storyblok: its write tells the webhook.
    const response = await fetch(`${storyblok.mapiUrl}/spaces/${basicFixture.spaceId}/datasource_entries/7203`, {
      method: 'PUT',
      headers: { authorization: basicFixture.pat, 'content-type': 'application/json' },
      body: JSON.stringify({ datasource_entry: { dimension_value: 'Contactez-nous' }, dimension_id: Number(FRENCH) }),
    });
    expect(response.status).toBe(204);
    await storyblok.webhooksSettled();
    expect(storyblok.webhookDeliveries().at(-1)?.status).toBe(202);
    await until(
      async () => (await navigation('fr')).translatable_keys.find((key) => key.field === 'nav_contact'),
      (key) => key?.translated_key_value === 'Contactez-nous',
    );
  });

  it('maps a language to another dimension, reads its entries from there, and refuses one no datasource has', async () => {
    const mapping = await api.call('getDatasourceMapping', { params: { id: spaceId } });
    expect(mapping.datasource_count).toBe(1);
    expect(mapping.dimensions).toEqual([
      { entry_value: 'de', names: ['German'], datasources: 1 },
      { entry_value: 'fr', names: ['French'], datasources: 1 },
    ]);
    const german = mapping.languages.find((language) => language.code === 'de')!;
    expect(german).toMatchObject({ dimension: null, datasources_with_dimension: 1 });

    const refused = await failure(
      api.call('setDatasourceDimension', {
        params: { id: spaceId },
        body: { space_locale_id: german.space_locale_id, dimension: 'de-at' },
      }),
    );
    expect(refused).toMatchObject({ status: 400, code: 'invalid_request' });
    expect((await api.call('getDatasourceMapping', { params: { id: spaceId } })).languages).toEqual(mapping.languages);

    // German now reads the French dimension: its unverified Startseite goes, À propos comes.
    const changed = await api.call('setDatasourceDimension', {
      params: { id: spaceId },
      body: { space_locale_id: german.space_locale_id, dimension: 'fr' },
    });
    expect(changed.languages.find((language) => language.code === 'de')).toMatchObject({ dimension: 'fr' });
    await until(
      async () => (await navigation('de')).translatable_keys.find((key) => key.field === 'nav_contact'),
      (key) => key?.translated_key_value === 'Contactez-nous',
    );
    // Back to its own code, stored as none.
    const back = await api.call('setDatasourceDimension', {
      params: { id: spaceId },
      body: { space_locale_id: german.space_locale_id, dimension: 'de' },
    });
    expect(back.languages.find((language) => language.code === 'de')).toMatchObject({ dimension: null });
  });

  it('keeps the datasources it has when the token may no longer read them, and still syncs the stories', async () => {
    storyblok.traffic.refusedPaths = [{ path: /\/datasources$/, status: 403 }];
    try {
      await api.call('startSync', { params: { id: spaceId } });
      await until(
        () => api.call('getSyncStatus', { params: { id: spaceId } }),
        (status) => status.status === 'completed' || status.status === 'failed',
      );
      expect((await api.call('getSyncStatus', { params: { id: spaceId } })).status).toBe('completed');
      const space = await server.prisma.space.findUniqueOrThrow({
        where: { id: spaceId },
        select: { hasTokenIssue: true },
      });
      expect(space.hasTokenIssue).toBe(false);
      expect((await navigation('de')).translatable_keys).toHaveLength(3);
      const refused = storyblok.requests().filter((request) => request.path.endsWith('/datasources'));
      expect(refused.at(-1)?.status).toBe(403);
    } finally {
      storyblok.traffic.refusedPaths = [];
    }
  });

  it('has nothing to publish', async () => {
    const { space_locale_id } = await navigation('de');
    const refused = await failure(
      api.call('publishStory', { body: { story_id: navigationId, space_locale_ids: [space_locale_id] } }),
    );
    expect(refused).toMatchObject({ status: 409, code: 'conflict' });
    const readiness = await api.call('getReadiness', {
      params: { id: spaceId },
      query: { space_locale_id, page: 1, per_page: 100 },
    });
    expect(readiness.stories.map((story) => story.name)).not.toContain('Navigation');
  });
});
