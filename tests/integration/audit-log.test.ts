import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '#contract/audit-log.ts';
import { ApiError, createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let server: TestServer;
let owner: ApiClient;
let spaceId: number;

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? { status: error.status, code: error.code } : error),
  );

/** Every event of the space, newest first, read a page of `limit` at a time. */
async function wholeLog(limit = 100, api = owner): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let before: string | undefined;
  do {
    const page = await api.call('getAuditLog', {
      params: { id: spaceId },
      query: { limit, ...(before ? { before } : {}) },
    });
    events.push(...page.events);
    before = page.next_before ?? undefined;
  } while (before);
  return events;
}

const newest = async (action: string) => (await wholeLog()).find((event) => event.action === action);

/** Someone with an account and a display name; a member with `role` unless null. */
async function person(name: string, role: 'translator' | 'admin' | null) {
  const email = uniqueEmail(name.toLowerCase());
  const session = await createAccount(server, email);
  await server.prisma.user.update({ where: { id: session.user.id }, data: { name } });
  const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
  if (role) {
    await owner.call('inviteUser', { params: { id: spaceId }, body: { email, role } });
    await api.call('acceptInvite', { params: { id: spaceId } });
  }
  return { api, id: session.user.id, email };
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  openai = await startFakeOpenAI({ seed: 'audit' });
  server = await startTestServer({
    env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl, OPENAI_API_KEY: 'local-key', OPENAI_BASE_URL: openai.baseUrl },
  });
  let userId: string;
  ({ api: owner, spaceId, userId } = await connectBasicSpace(server, 'audit'));
  await server.prisma.user.update({ where: { id: userId }, data: { name: 'Ada Admin' } });
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
  await openai?.close();
});

describe('the audit log of a space', () => {
  it('starts with the connection and its first sync, by who connected', async () => {
    const log = await wholeLog();
    expect(log.map((event) => event.action)).toEqual(expect.arrayContaining(['space.connected', 'sync.started']));
    expect(log.find((event) => event.action === 'sync.started')).toMatchObject({
      actor_name: 'Ada Admin',
      detail: { trigger: 'initial' },
    });
  });

  it('records languages added and removed', async () => {
    const added = await owner.call('addLanguage', { params: { id: spaceId }, body: { code: 'it', name: 'Italian' } });
    expect(await newest('language.added')).toMatchObject({ actor_name: 'Ada Admin', detail: { code: 'it' } });
    await owner.call('deleteLanguage', { params: { id: spaceId }, body: { id: added.id } });
    expect(await newest('language.deleted')).toMatchObject({ actor_name: 'Ada Admin', detail: { code: 'it' } });
  });

  it('records members invited, their role changed, and removed', async () => {
    const member = await person('Tess', 'translator');
    expect(await newest('member.invited')).toMatchObject({ actor_name: 'Ada Admin' });
    await owner.call('changeRole', { params: { id: spaceId }, body: { user_id: member.id, role: 'editor' } });
    expect(await newest('member.role_changed')).toMatchObject({
      actor_name: 'Ada Admin',
      target_id: member.id,
      target_name: 'Tess',
      detail: { from: 'translator', to: 'editor' },
    });
    await owner.call('revokeUser', { params: { id: spaceId }, body: { user_id: member.id } });
    const removal = (await wholeLog())[0]!;
    expect(removal).toMatchObject({ actor_name: 'Ada Admin', target_id: member.id });
    expect(removal.action).toMatch(/^member\./);
  });

  it('records the token replaced, a setting changed, a sync and an AI run started, a glossary term deleted', async () => {
    await owner.call('replaceSpaceToken', {
      params: { id: spaceId },
      body: { personal_access_token: basicFixture.pat },
    });
    expect(await newest('token.replaced')).toMatchObject({ actor_name: 'Ada Admin' });
    await owner.call('updateSpaceSettings', { params: { id: spaceId }, body: { write_back_mode: 'verified_only' } });
    expect(await newest('settings.write_back_mode')).toMatchObject({
      actor_name: 'Ada Admin',
      detail: { from: 'all', to: 'verified_only' },
    });
    await owner.call('startSync', { params: { id: spaceId } });
    expect((await wholeLog()).filter((event) => event.action === 'sync.started').length).toBeGreaterThan(1);
    const de = await server.prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'de' } });
    const key = await server.prisma.translatableKey.findFirstOrThrow({ where: { spaceId }, select: { id: true } });
    const run = await owner.call('createTranslationAsks', {
      body: { translatable_key_ids: [key.id], space_locale_id: de.id },
    });
    expect(await newest('ai_run.started')).toMatchObject({
      actor_name: 'Ada Admin',
      target_id: run.batch_id,
      detail: { scope: 'keys', space_locale_id: de.id },
    });
    const term = await owner.call('createGlossaryTerm', {
      params: { id: spaceId },
      body: { translatable: 'Audit', translated: 'Prüfung', global: true },
    });
    await owner.call('deleteGlossaryTerm', { params: { id: spaceId, termId: term.id } });
    expect(await newest('glossary.term_deleted')).toMatchObject({ target_id: String(term.id) });
  });

  it('pages newest first without repeating or skipping an event', async () => {
    const all = await wholeLog(100);
    const paged = await wholeLog(2);
    expect(paged.map((event) => event.id)).toEqual(all.map((event) => event.id));
    const times = all.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('is for admins and the owner only, and for this space only', async () => {
    const admin = await person('Arno', 'admin');
    expect((await wholeLog(100, admin.api)).length).toBeGreaterThan(5);
    const translator = await person('Theo', 'translator');
    expect(await failure(wholeLog(100, translator.api))).toEqual({ status: 403, code: 'forbidden' });
    const outsider = await person('Olaf', null);
    expect(await failure(wholeLog(100, outsider.api))).toEqual({ status: 404, code: 'not_found' });
    const foreign = await server.prisma.auditEvent.create({
      data: { spaceId: null, action: 'space.deleted' },
      select: { id: true },
    });
    expect(
      await failure(owner.call('getAuditLog', { params: { id: spaceId }, query: { before: foreign.id, limit: 5 } })),
    ).toEqual({ status: 404, code: 'not_found' });
  });
});
