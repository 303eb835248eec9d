import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type createGlossaryTerm, type GlossaryTerm } from '#contract/glossary.ts';
import type { EndpointBody } from '#contract/endpoint.ts';
import {
  GLOSSARY_SCOPE_REQUIRED,
  GLOSSARY_TRANSLATABLE_REQUIRED,
  GLOSSARY_TRANSLATED_REQUIRED,
} from '#contract/glossary-rules.ts';
import type { Role } from '#contract/roles.ts';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { glossaryFor } from '#server/features/glossary/locale-glossary.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';

let storyblok: FakeStoryblok;
let server: TestServer;
let owner: ApiClient;
let spaceId: number;
let de: number;
let fr: number;
/** A space of another team (made in the database: only its ids matter here), with a language and a term. */
let other: { spaceId: number; localeId: number; termId: number };

async function member(role: Role): Promise<ApiClient> {
  const email = uniqueEmail(role);
  const session = await createAccount(server, email);
  const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
  await owner.call('inviteUser', { params: { id: spaceId }, body: { email, role } });
  await api.call('acceptInvite', { params: { id: spaceId } });
  return api;
}

const create = (body: EndpointBody<typeof createGlossaryTerm>) =>
  owner.call('createGlossaryTerm', { params: { id: spaceId }, body });
const list = (locale?: string) =>
  owner.call('listGlossaryTerms', { params: { id: spaceId }, query: locale === undefined ? {} : { locale } });
const texts = (terms: GlossaryTerm[]) => terms.map((term) => term.translatable);

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  ({ api: owner, spaceId } = await connectBasicSpace(server, 'glossary'));
  const locales = (await owner.call('getMe', {})).spaces.find((space) => space.id === spaceId)!.space_locales;
  de = locales.find((locale) => locale.code === 'de')!.id;
  fr = locales.find((locale) => locale.code === 'fr')!.id;
  const otherSpace = await server.prisma.space.create({
    data: {
      name: 'Another team',
      storyblokSpaceId: 900_001n,
      region: 'eu',
      locales: { create: { code: 'de', name: 'German' } },
    },
    select: { id: true, locales: { select: { id: true } } },
  });
  const otherTerm = await server.prisma.glossaryTerm.create({
    data: { spaceId: otherSpace.id, translatable: 'Secret', translated: 'Geheim', isGlobal: true },
    select: { id: true },
  });
  other = { spaceId: otherSpace.id, localeId: otherSpace.locales[0]!.id, termId: otherTerm.id };
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('adding terms', () => {
  it('refuses incomplete terms with the specification’s messages and changes nothing', async () => {
    const empty = await failure(create({ translatable: '  ', translated: '', locale_ids: [] }));
    expect(empty).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(empty.details).toEqual([
      { path: 'body.translatable', message: GLOSSARY_TRANSLATABLE_REQUIRED },
      { path: 'body.translated', message: GLOSSARY_TRANSLATED_REQUIRED },
      { path: 'body.locale_ids', message: GLOSSARY_SCOPE_REQUIRED },
    ]);
    const unscoped = await failure(create({ translatable: 'Cart', translated: 'Warenkorb' }));
    expect(unscoped.details).toEqual([{ path: 'body.locale_ids', message: GLOSSARY_SCOPE_REQUIRED }]);
    expect(await server.prisma.glossaryTerm.count({ where: { spaceId } })).toBe(0);
  });

  it('refuses languages that are not the space’s, naming them', async () => {
    const foreign = await failure(
      create({ translatable: 'Cart', translated: 'Warenkorb', locale_ids: [de, other.localeId] }),
    );
    expect(foreign).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(foreign.message).toBe(
      `Choose languages of this space: language ${other.localeId} is not one of them (it may have been deleted).`,
    );
    expect(foreign.details).toEqual([{ path: 'body.locale_ids', message: foreign.message }]);
    const several = await failure(
      create({ translatable: 'Cart', translated: 'Warenkorb', locale_ids: [999_998, 999_999] }),
    );
    expect(several.message).toContain('languages 999998, 999999 are not among them');
    expect(await server.prisma.glossaryTerm.count({ where: { spaceId } })).toBe(0);
  });

  it('adds global and language terms, and refuses a second term for the same text and scope', async () => {
    const cart = await create({
      translatable: ' Cart ',
      translated: 'Warenkorb',
      locale_ids: [de, de],
      description: 'The shopping cart',
    });
    expect(cart).toMatchObject({
      translatable: 'Cart',
      translated: 'Warenkorb',
      global: false,
      locales: [{ id: de, code: 'de', name: 'German' }],
      description: 'The shopping cart',
      case_sensitive: false,
      do_not_translate: false,
    });
    const brand = await create({
      translatable: 'Polyblok',
      translated: 'Polyblok',
      global: true,
      locale_ids: [fr],
      do_not_translate: true,
      case_sensitive: true,
    });
    // A global term applies everywhere; a language list sent along is not kept.
    expect(brand).toMatchObject({ global: true, locales: [], do_not_translate: true, case_sensitive: true });
    await create({ translatable: 'apple', translated: 'pomme', locale_ids: [fr] });

    expect(
      await failure(create({ translatable: 'CART', translated: 'Einkaufswagen', locale_ids: [fr, de] })),
    ).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'The glossary already has "Cart" for German. Edit that term instead.',
    });
    expect(await failure(create({ translatable: 'Polyblok', translated: 'x', global: true }))).toMatchObject({
      status: 409,
      message: 'The glossary already has a global term "Polyblok". Edit that term instead.',
    });
    // A case-sensitive term has room for another spelling (the brand "Apple", the fruit "apple").
    expect(
      await create({ translatable: 'POLYBLOK', translated: 'POLYBLOK', global: true, case_sensitive: true }),
    ).toMatchObject({ global: true });
    // The same text for another language, or as a French override of a global term, is a term of its own.
    await create({ translatable: 'Cart', translated: 'Panier', locale_ids: [fr] });
    await create({ translatable: 'Polyblok', translated: 'Polyblok FR', locale_ids: [fr] });
  });
});

describe('listing', () => {
  it('lists every term alphabetically, or the terms that apply to one language', async () => {
    expect(texts((await list()).terms)).toEqual(['apple', 'Cart', 'Cart', 'Polyblok', 'POLYBLOK', 'Polyblok']);
    expect((await list('all')).terms).toHaveLength(6);
    const german = (await list('de')).terms;
    expect(german.map((term) => term.translated)).toEqual(['Warenkorb', 'Polyblok', 'POLYBLOK']);
    const french = (await list('FR')).terms;
    expect(french.map((term) => term.translated).sort()).toEqual([
      'POLYBLOK',
      'Panier',
      'Polyblok',
      'Polyblok FR',
      'pomme',
    ]);
    expect(await failure(list('es'))).toMatchObject({
      status: 404,
      message: 'The language "es" is not one of this space\'s languages.',
    });
  });

  it('gives the AI the same terms for a language (global ones and that language’s own)', async () => {
    const entries = await glossaryFor(server.prisma, spaceId, de);
    expect(entries.map((entry) => entry.translation).sort()).toEqual(['POLYBLOK', 'Polyblok', 'Warenkorb']);
    expect(entries.find((entry) => entry.term === 'Polyblok')).toMatchObject({
      do_not_translate: true,
      case_sensitive: true,
    });
  });
});

describe('editing and deleting', () => {
  it('replaces texts and scope, keeps a description left out, and refuses what it would refuse on add', async () => {
    const apple = (await list()).terms.find((term) => term.translatable === 'apple')!;
    const edited = await owner.call('updateGlossaryTerm', {
      params: { id: spaceId, termId: apple.id },
      body: { translatable: 'Apple', translated: 'Apfel', locale_ids: [de], description: 'The fruit' },
    });
    expect(edited).toMatchObject({
      id: apple.id,
      translatable: 'Apple',
      translated: 'Apfel',
      locales: [{ code: 'de' }],
    });
    const again = await owner.call('updateGlossaryTerm', {
      params: { id: spaceId, termId: apple.id },
      body: { translatable: 'Apple', translated: 'Apfel', locale_ids: [de, fr] },
    });
    expect(again).toMatchObject({ description: 'The fruit', locales: [{ code: 'fr' }, { code: 'de' }] });
    expect(again.locales.map((locale) => locale.name)).toEqual(['French', 'German']);

    const unscoped = await failure(
      owner.call('updateGlossaryTerm', {
        params: { id: spaceId, termId: apple.id },
        body: { translatable: 'Apple', translated: '' },
      }),
    );
    expect(unscoped.details).toEqual([
      { path: 'body.translated', message: GLOSSARY_TRANSLATED_REQUIRED },
      { path: 'body.locale_ids', message: GLOSSARY_SCOPE_REQUIRED },
    ]);
    expect(
      await failure(
        owner.call('updateGlossaryTerm', {
          params: { id: spaceId, termId: apple.id },
          body: { translatable: 'Cart', translated: 'Apfel', locale_ids: [de] },
        }),
      ),
    ).toMatchObject({ status: 409 });
    expect(
      await failure(
        owner.call('updateGlossaryTerm', {
          params: { id: spaceId, termId: apple.id },
          body: { translatable: 'Apple', translated: 'Apfel', locale_ids: [other.localeId] },
        }),
      ),
    ).toMatchObject({ status: 400 });
    const stored = await server.prisma.glossaryTerm.findUniqueOrThrow({
      where: { id: apple.id },
      select: { translated: true, locales: { select: { spaceLocaleId: true } } },
    });
    expect(stored.translated).toBe('Apfel');
    expect(stored.locales).toHaveLength(2);
  });

  it('deletes a term once; a term of another space does not exist here', async () => {
    const [first] = (await list()).terms;
    expect(await owner.call('deleteGlossaryTerm', { params: { id: spaceId, termId: first!.id } })).toEqual({
      id: first!.id,
    });
    expect((await list()).terms.some((term) => term.id === first!.id)).toBe(false);
    expect(
      await failure(owner.call('deleteGlossaryTerm', { params: { id: spaceId, termId: first!.id } })),
    ).toMatchObject({ status: 404, code: 'not_found' });

    const foreign = { params: { id: spaceId, termId: other.termId } };
    expect(await failure(owner.call('deleteGlossaryTerm', foreign))).toMatchObject({ status: 404 });
    expect(
      await failure(
        owner.call('updateGlossaryTerm', {
          ...foreign,
          body: { translatable: 'Mine', translated: 'Meins', global: true },
        }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await server.prisma.glossaryTerm.findUnique({ where: { id: other.termId }, select: { translatable: true } }),
    ).toEqual({ translatable: 'Secret' });
    const actions = await server.prisma.auditEvent.findMany({
      where: { spaceId, action: { startsWith: 'glossary.' } },
      select: { action: true },
    });
    expect(new Set(actions.map((event) => event.action))).toEqual(
      new Set(['glossary.term_added', 'glossary.term_edited', 'glossary.term_deleted']),
    );
  });
});

describe('who may use the glossary', () => {
  it('lets every member read and editors and up write; refuses invalid and foreign space ids', async () => {
    const viewer = await member('viewer');
    const translator = await member('translator');
    const editor = await member('editor');
    expect((await viewer.call('listGlossaryTerms', { params: { id: spaceId } })).terms.length).toBeGreaterThan(0);
    const term = { translatable: 'Checkout', translated: 'Kasse', locale_ids: [de] };
    expect(await failure(translator.call('createGlossaryTerm', { params: { id: spaceId }, body: term }))).toMatchObject(
      {
        status: 403,
        code: 'forbidden',
      },
    );
    const added = await editor.call('createGlossaryTerm', { params: { id: spaceId }, body: term });
    expect(
      await failure(viewer.call('deleteGlossaryTerm', { params: { id: spaceId, termId: added.id } })),
    ).toMatchObject({ status: 403 });

    const invalid = await failure(owner.call('listGlossaryTerms', { params: { id: 'abc' as unknown as number } }));
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request', details: [{ path: 'params.id' }] });
    expect(await failure(owner.call('listGlossaryTerms', { params: { id: other.spaceId } }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(
      await failure(
        owner.call('createGlossaryTerm', {
          params: { id: other.spaceId },
          body: { ...term, locale_ids: [other.localeId] },
        }),
      ),
    ).toMatchObject({ status: 404 });
  });
});
