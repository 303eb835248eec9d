import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslatableKey } from '#contract/content.ts';
import { ApiError, createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { countsAndRecount } from '#tests/support/space-counts.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let owner: ApiClient;
let spaceId: number;
let homeId: number;
let locales: Array<{ id: number; code: string }>;
const translators: Array<{ api: ApiClient; name: string }> = [];

/** A translator of the space: invited by the owner, with a display name, joined. */
async function translator(name: string): Promise<{ api: ApiClient; name: string }> {
  const email = uniqueEmail(
    name
      .normalize('NFD')
      .replace(/[^a-z]/gi, '')
      .toLowerCase(),
  );
  const session = await createAccount(server, email);
  await server.prisma.user.update({ where: { id: session.user.id }, data: { name } });
  await owner.call('inviteUser', { params: { id: spaceId }, body: { email, role: 'translator' } });
  const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
  await api.call('acceptInvite', { params: { id: spaceId } });
  return { api, name };
}

const homeKeys = async (api: ApiClient, locale: string): Promise<TranslatableKey[]> =>
  (await api.call('getStory', { params: { storyId: homeId }, query: { locale } })).translatable_keys;

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api: owner, spaceId } = await connectBasicSpace(server, 'saves'));
  homeId = (
    await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
      select: { id: true },
    })
  ).id;
  locales = await server.prisma.spaceLocale.findMany({ where: { spaceId }, select: { id: true, code: true } });
  for (const name of ['Ana', 'Ben', 'Chloé', 'Dev', 'Eli']) translators.push(await translator(name));
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('many translators saving into one story at once', () => {
  it('answers every one of 50 concurrent saves, and keeps every count equal to a recount', async () => {
    const keys = (await homeKeys(owner, 'de')).filter((key) => key.field_type !== 'richtext');
    const saves = Array.from({ length: 50 }, (_, index) => {
      const person = translators[index % translators.length]!;
      const key = keys[index % keys.length]!;
      const locale = locales[Math.floor(index / keys.length) % locales.length]!;
      // Some verified, some not, some emptied (removed): every kind of change to the counts at once.
      const value = index % 7 === 0 ? '' : `${person.name} ${locale.code} ${index}`;
      return person.api
        .call('saveTranslation', {
          body: {
            key: key.key,
            space_locale_id: locale.id,
            field_type: key.field_type,
            value,
            ...(index % 3 === 0 ? { reference_hash: key.hash } : {}),
          },
        })
        .then(
          () => 200,
          (error: unknown) => (error instanceof ApiError ? error.status : 0),
        );
    });
    const statuses = await Promise.all(saves);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    const { kept, recount } = await countsAndRecount(server.prisma, spaceId);
    expect(kept).toEqual(recount);
  });
});

describe('two translators editing the same key', () => {
  it('refuses the later save over the earlier one, answering who changed it and both texts stay', async () => {
    const [ana, ben] = translators;
    const de = locales.find((locale) => locale.code === 'de')!;
    const title = (await homeKeys(ana!.api, 'de')).find((key) => key.field === 'title')!;
    // Both opened the key at the same moment.
    const base = title.updated_at;

    const saved = await ana!.api.call('saveTranslation', {
      body: {
        key: title.key,
        space_locale_id: de.id,
        field_type: 'text',
        value: 'Willkommen (Ana)',
        base_updated_at: base,
      },
    });
    const refused = await ben!.api
      .call('saveTranslation', {
        body: {
          key: title.key,
          space_locale_id: de.id,
          field_type: 'text',
          value: 'Willkommen (Ben)',
          base_updated_at: base,
        },
      })
      .then(
        () => null,
        (error: unknown) => error as ApiError,
      );
    expect(refused).toMatchObject({ status: 409, code: 'translation_changed' });
    expect(refused!.message).toMatch(/^Ana changed this translation since you started editing it/);
    expect(refused!.current).toMatchObject({
      value: 'Willkommen (Ana)',
      value_text: 'Willkommen (Ana)',
      updated_at: saved.updated_at,
      updated_by: { name: 'Ana' },
    });
    // Nothing of Ben's was saved.
    expect((await homeKeys(owner, 'de')).find((key) => key.field === 'title')?.translated_key_value).toBe(
      'Willkommen (Ana)',
    );

    // Ben takes Ana's as his new starting point, and his save goes through.
    const mine = await ben!.api.call('saveTranslation', {
      body: {
        key: title.key,
        space_locale_id: de.id,
        field_type: 'text',
        value: 'Willkommen (Ben)',
        base_updated_at: refused!.current!.updated_at,
      },
    });
    expect(mine.translated_key_value).toBe('Willkommen (Ben)');
  });

  it('refuses a save that started from no translation when one was made meanwhile, and lets the last save win without a base', async () => {
    const [ana, ben] = translators;
    const fr = locales.find((locale) => locale.code === 'fr')!;
    const headline = (await homeKeys(ana!.api, 'fr')).find((key) => key.field === 'headline')!;
    await ana!.api.call('saveTranslation', {
      body: { key: headline.key, space_locale_id: fr.id, field_type: 'text', value: '' },
    });
    await ana!.api.call('saveTranslation', {
      body: {
        key: headline.key,
        space_locale_id: fr.id,
        field_type: 'text',
        value: 'Bonjour (Ana)',
        base_updated_at: null,
      },
    });
    const refused = await ben!.api
      .call('saveTranslation', {
        body: {
          key: headline.key,
          space_locale_id: fr.id,
          field_type: 'text',
          value: 'Salut (Ben)',
          base_updated_at: null,
        },
      })
      .then(
        () => null,
        (error: unknown) => error as ApiError,
      );
    expect(refused).toMatchObject({ status: 409, code: 'translation_changed' });
    expect(refused!.current?.value).toBe('Bonjour (Ana)');

    const lastWins = await ben!.api.call('saveTranslation', {
      body: { key: headline.key, space_locale_id: fr.id, field_type: 'text', value: 'Salut (Ben)' },
    });
    expect(lastWins.translated_key_value).toBe('Salut (Ben)');
  });
});

describe('who else has a story open', () => {
  it('answers the other members whose editor said so within the last minute, by name', async () => {
    const team = await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.team) },
      select: { id: true },
    });
    const [ana, ben] = translators;
    const open = (api: ApiClient) => api.call('markStoryOpen', { params: { storyId: team.id } });
    const seenBy = async (api: ApiClient) =>
      (await api.call('getStory', { params: { storyId: team.id }, query: { locale: 'de' } })).editing_now.map(
        (colleague) => colleague.name,
      );

    expect((await open(ana!.api)).editing_now).toEqual([]);
    expect((await open(ben!.api)).editing_now.map((colleague) => colleague.name)).toEqual(['Ana']);
    expect(await seenBy(ana!.api)).toEqual(['Ben']);
    expect(await seenBy(owner)).toEqual(['Ana', 'Ben']);
    // Reading the story is not having it open in the editor: the owner's read leaves no trace.
    expect(await seenBy(ben!.api)).toEqual(['Ana']);

    // Ana's editor last said so 61 s ago: she has left.
    await server.prisma.storyPresence.updateMany({
      where: { storyId: team.id, user: { name: 'Ana' } },
      data: { seenAt: new Date(Date.now() - 61_000) },
    });
    expect(await seenBy(owner)).toEqual(['Ben']);
    expect((await open(ana!.api)).editing_now.map((colleague) => colleague.name)).toEqual(['Ben']);
    expect(await seenBy(owner)).toEqual(['Ana', 'Ben']);
  });

  it('is refused for a story of a space the caller is not in, and records nothing', async () => {
    const stranger = await createAccount(server, uniqueEmail('stranger'));
    const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => stranger.access_token });
    const call = api.call('markStoryOpen', { params: { storyId: homeId } });
    await expect(call).rejects.toMatchObject({ status: 404 });
    expect(await server.prisma.storyPresence.count({ where: { userId: stranger.user.id } })).toBe(0);
  });
});
