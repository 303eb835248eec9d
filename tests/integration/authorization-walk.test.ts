import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from '#contract/endpoint.ts';
import { endpoints as allEndpoints } from '#contract/endpoints.ts';
import { API_BASE_PATH, buildPath, describeRoute } from '#contract/routes.ts';
import { hasRole, roles, type Role } from '#contract/roles.ts';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import type { Database } from '#server/db/prisma.ts';
import { createRouteBinder } from '#server/http/route-binder.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { readDataDir } from '#tests/fakes/storyblok/read-data-dir.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { startFakeStripe, stripeEnv, type FakeStripe } from '#tests/fakes/stripe/server.ts';
import { createAccount, signIn, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { testEndpoint } from '#tests/support/test-endpoint.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';

/** Who may call an endpoint: anyone, any signed-in user, the holder of an invitation, or a least role. */
type Access = 'public' | 'signed-in' | 'invited' | Role;

/**
 * Every endpoint of the contract with the access it must have. A new endpoint fails the first test until it is
 * added here, and a space endpoint fails the walk until it has a request below: none can skip the check.
 */
const expectedAccess: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/site': 'public',
  'GET /api/openapi.json': 'public',
  'POST /api/webhooks/storyblok': 'public',
  'POST /api/stripe/webhook': 'public',
  'GET /api/connect/panel_config': 'public',
  'POST /api/connect/session': 'public',
  'GET /api/me': 'signed-in',
  'GET /api/me/api_tokens': 'signed-in',
  'POST /api/me/api_tokens': 'signed-in',
  'DELETE /api/me/api_tokens/:tokenId': 'signed-in',
  'POST /api/spaces/available': 'signed-in',
  'POST /api/spaces/create': 'signed-in',
  'POST /api/spaces/:id/accept_invite': 'invited',
  'POST /api/spaces/:id/decline_invite': 'invited',
  'GET /api/spaces/:id/sync_status': 'viewer',
  'GET /api/spaces/:id/settings': 'viewer',
  'GET /api/spaces/:id/glossary_terms': 'viewer',
  'GET /api/spaces/:id/style_guide': 'viewer',
  'GET /api/spaces/:id/xliff': 'viewer',
  'POST /api/spaces/:id/xliff': 'translator',
  'GET /api/spaces/:id/readiness': 'viewer',
  'GET /api/content/folder': 'viewer',
  'GET /api/content/folder/:folderId': 'viewer',
  'GET /api/content/story/:storyId': 'viewer',
  'PUT /api/content/story/:storyId/presence': 'viewer',
  'GET /api/content/associated_keys': 'viewer',
  'GET /api/content/search': 'viewer',
  'GET /api/content/history': 'viewer',
  'GET /api/content/batches/:batchId': 'viewer',
  'GET /api/spaces/:id/storyblok_stories/:storyblokStoryId': 'viewer',
  'POST /api/content/save_translation': 'translator',
  'POST /api/content/mark_as_verified': 'translator',
  'POST /api/content/mark_as_unverified': 'translator',
  'POST /api/content/apply_to_associated': 'translator',
  'POST /api/content/revert': 'translator',
  'POST /api/content/translation_asks': 'translator',
  'POST /api/content/ai_translate': 'translator',
  'POST /api/content/story/:storyId/retry_write_back': 'translator',
  'POST /api/spaces/:id/storyblok_stories/:storyblokStoryId/sync': 'translator',
  'POST /api/spaces/:id/sync': 'editor',
  'POST /api/spaces/:id/glossary_terms': 'editor',
  'PUT /api/spaces/:id/glossary_terms/:termId': 'editor',
  'DELETE /api/spaces/:id/glossary_terms/:termId': 'editor',
  'POST /api/content/translate_folder': 'editor',
  'POST /api/content/publish': 'editor',
  'POST /api/content/batches/:batchId/cancel': 'editor',
  'POST /api/spaces/:id/add_language': 'admin',
  'POST /api/spaces/:id/edit_language': 'admin',
  'GET /api/spaces/:id/datasource_dimensions': 'viewer',
  'POST /api/spaces/:id/datasource_dimensions': 'admin',
  'POST /api/spaces/:id/delete_language': 'admin',
  'POST /api/spaces/:id/update_token': 'admin',
  'POST /api/spaces/:id/settings': 'admin',
  'PUT /api/spaces/:id/style_guide': 'admin',
  'GET /api/spaces/:id/webhook': 'admin',
  'GET /api/spaces/:id/audit_log': 'admin',
  'GET /api/spaces/:id/language_progress': 'viewer',
  'GET /api/spaces_trend': 'signed-in',
  'GET /api/spaces/:id/hooks': 'admin',
  'POST /api/spaces/:id/hooks': 'admin',
  'PUT /api/spaces/:id/hooks/:hookId': 'admin',
  'DELETE /api/spaces/:id/hooks/:hookId': 'admin',
  'GET /api/spaces/:id/hooks/:hookId/deliveries': 'admin',
  'POST /api/spaces/:id/hooks/:hookId/test': 'admin',
  'POST /api/spaces/:id/invite_user': 'admin',
  'POST /api/spaces/:id/revoke_user': 'admin',
  'POST /api/spaces/:id/approve_user': 'admin',
  'POST /api/spaces/:id/change_role': 'admin',
  'DELETE /api/spaces/:id': 'owner',
  'POST /api/spaces/:id/subscription/checkout': 'owner',
  'GET /api/spaces/:id/subscription/portal': 'owner',
};

interface WalkRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** A text body sent as it is with this media type (an XLIFF file), rather than as JSON. */
  contentType?: string;
}

/** The ids of the walk's space that requests point at. */
interface WalkIds {
  spaceId: number;
  localeId: number;
  storyId: number;
  folderId: number;
  key: { key: string; id: number; field_type: string };
  batchId: string;
  termId: number;
  /** An outgoing webhook of the space, to a port on loopback where nothing listens. */
  hookId: number;
  /** A member whose standing the member routes change; each request sets it up again first. */
  subjectId: string;
}

const storyblokOtherSpaceId = 100_002;
/** Storyblok ids of the spaces made only to be deleted (never asked of Storyblok). */
const throwawayStoryblokIds = 900_000;
let throwawaySpaces = 0;
const otherPat = 'other-team-pat';

let storyblok: FakeStoryblok;
let stripe: FakeStripe;
let server: TestServer;
let ids: WalkIds;
/**
 * Access tokens of the walk's space members by role, and of an outsider who owns another space; and personal API
 * tokens of the owner, one with each role for the walk's space (`token:viewer`…), one for another space only.
 */
const tokens = new Map<string, string>();
/** The owner's API tokens for the walk's space: the throwaway spaces of the delete request are theirs too. */
const walkApiTokenIds: string[] = [];
let ownerApi: ApiClient;
let outsiderApi: ApiClient;
let other: { spaceId: number; localeId: number; storyId: number; key: string };

/**
 * Every endpoint of the product API, from the contract's map of the route table (whose unit test proves that no
 * endpoint is left out of it). The auth API under /auth/v1 answers GoTrue's way; the auth tests walk it.
 */
async function contractEndpoints(): Promise<Map<string, Endpoint>> {
  const found = new Map<string, Endpoint>();
  for (const endpoint of Object.values<Endpoint>(allEndpoints)) {
    if (endpoint.path.startsWith(`${API_BASE_PATH}/`)) found.set(describeRoute(endpoint), endpoint);
  }
  return found;
}

async function send(name: string, request: WalkRequest, token?: string): Promise<Response> {
  const [method, pattern] = name.split(' ') as [string, string];
  const query = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([key, value]) => [key, String(value)] as [string, string]),
  ).toString();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  const body = request.contentType ? String(request.body) : JSON.stringify(request.body);
  return fetch(`${server.baseUrl}${buildPath(pattern, request.params)}${query ? `?${query}` : ''}`, {
    method,
    headers,
    body: request.body === undefined ? undefined : body,
  });
}

async function setSubject(status: 'joined' | 'invited' | 'requesting', role: Role = 'translator'): Promise<void> {
  await server.prisma.membership.upsert({
    where: { spaceId_userId: { spaceId: ids.spaceId, userId: ids.subjectId } },
    create: { spaceId: ids.spaceId, userId: ids.subjectId, status, role },
    update: { status, role },
  });
}

/** A request per space endpoint that passes validation and names things that exist in the walk's space. */
/** A change in the history of the walk's key (the text its save request sends): reverting to it is always possible. */
async function walkHistoryEntry(): Promise<number> {
  const where = { translatableKeyId: ids.key.id, spaceLocaleId: ids.localeId };
  const entry =
    (await server.prisma.translationHistory.findFirst({ where, select: { id: true } })) ??
    (await server.prisma.translationHistory.create({
      data: { ...where, value: 'Willkommen', valueText: 'Willkommen', status: 'unverified', origin: 'manual' },
      select: { id: true },
    }));
  return entry.id;
}

const requests: Record<string, () => WalkRequest | Promise<WalkRequest>> = {
  'POST /api/spaces/:id/accept_invite': () => ({ params: { id: ids.spaceId } }),
  'POST /api/spaces/:id/decline_invite': () => ({ params: { id: ids.spaceId } }),
  'GET /api/spaces/:id/sync_status': () => ({ params: { id: ids.spaceId } }),
  'GET /api/spaces/:id/settings': () => ({ params: { id: ids.spaceId } }),
  'GET /api/spaces/:id/glossary_terms': () => ({ params: { id: ids.spaceId }, query: { locale: 'de' } }),
  'GET /api/spaces/:id/style_guide': () => ({ params: { id: ids.spaceId }, query: { space_locale_id: ids.localeId } }),
  'GET /api/spaces/:id/xliff': () => ({
    params: { id: ids.spaceId },
    query: { space_locale_id: ids.localeId, story_id: ids.storyId },
  }),
  'POST /api/spaces/:id/xliff': () => ({
    params: { id: ids.spaceId },
    query: { space_locale_id: ids.localeId },
    body: '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de"/>',
    contentType: 'application/xliff+xml',
  }),
  'GET /api/spaces/:id/readiness': () => ({ params: { id: ids.spaceId }, query: { space_locale_id: ids.localeId } }),
  'GET /api/content/folder': () => ({ query: { locale: 'de', space_id: ids.spaceId } }),
  'GET /api/content/folder/:folderId': () => ({
    params: { folderId: ids.folderId },
    query: { locale: 'de', space_id: ids.spaceId },
  }),
  'GET /api/content/story/:storyId': () => ({ params: { storyId: ids.storyId }, query: { locale: 'de' } }),
  'PUT /api/content/story/:storyId/presence': () => ({ params: { storyId: ids.storyId } }),
  'GET /api/content/associated_keys': () => ({ query: { key: ids.key.key, space_locale_id: ids.localeId } }),
  'GET /api/content/search': () => ({ query: { space_id: ids.spaceId, locale: 'de', q: 'welcome' } }),
  'GET /api/content/batches/:batchId': () => ({ params: { batchId: ids.batchId } }),
  'GET /api/content/history': () => ({
    query: { story_id: ids.storyId, key: ids.key.key, space_locale_id: ids.localeId },
  }),
  'GET /api/spaces/:id/storyblok_stories/:storyblokStoryId': () => ({
    params: { id: ids.spaceId, storyblokStoryId: basicFixture.stories.home },
  }),
  'POST /api/spaces/:id/storyblok_stories/:storyblokStoryId/sync': () => ({
    params: { id: ids.spaceId, storyblokStoryId: basicFixture.stories.home },
  }),
  'POST /api/content/save_translation': () => ({
    body: {
      key: ids.key.key,
      story_id: ids.storyId,
      space_locale_id: ids.localeId,
      field_type: ids.key.field_type,
      value: 'Willkommen',
    },
  }),
  'POST /api/content/mark_as_verified': () => ({
    body: [{ key: ids.key.key, story_id: ids.storyId, space_locale_id: ids.localeId }],
  }),
  'POST /api/content/mark_as_unverified': () => ({
    body: [{ key: ids.key.key, story_id: ids.storyId, space_locale_id: ids.localeId }],
  }),
  'POST /api/content/apply_to_associated': () => ({
    body: { key: ids.key.key, story_id: ids.storyId, space_locale_id: ids.localeId },
  }),
  'POST /api/content/revert': async () => ({ body: { history_id: await walkHistoryEntry() } }),
  'POST /api/content/translation_asks': () => ({
    body: { translatable_key_ids: [ids.key.id], space_locale_id: ids.localeId },
  }),
  'POST /api/content/ai_translate': () => ({
    body: {
      key: ids.key.key,
      story_id: ids.storyId,
      space_locale_id: ids.localeId,
      value: 'Welcome',
      target_locale: 'de',
    },
  }),
  'POST /api/content/story/:storyId/retry_write_back': () => ({
    params: { storyId: ids.storyId },
    body: { locale: 'de' },
  }),
  'POST /api/spaces/:id/sync': () => ({ params: { id: ids.spaceId } }),
  'POST /api/content/publish': () => ({ body: { story_id: ids.storyId, space_locale_ids: [ids.localeId] } }),
  'POST /api/spaces/:id/glossary_terms': () => ({
    params: { id: ids.spaceId },
    body: { translatable: `Walk ${Math.random()}`, translated: 'Gang', global: true },
  }),
  'PUT /api/spaces/:id/glossary_terms/:termId': () => ({
    params: { id: ids.spaceId, termId: ids.termId },
    body: { translatable: 'Welcome', translated: 'Willkommen', locale_ids: [ids.localeId] },
  }),
  'DELETE /api/spaces/:id/glossary_terms/:termId': async () => {
    const term = await server.prisma.glossaryTerm.create({
      data: { spaceId: ids.spaceId, translatable: `Gone ${Math.random()}`, translated: 'Weg', isGlobal: true },
      select: { id: true },
    });
    return { params: { id: ids.spaceId, termId: term.id } };
  },
  'POST /api/content/translate_folder': () => ({
    body: { space_id: ids.spaceId, folder_id: ids.folderId, space_locale_id: ids.localeId },
  }),
  'POST /api/content/batches/:batchId/cancel': () => ({ params: { batchId: ids.batchId } }),
  'POST /api/spaces/:id/add_language': () => ({ params: { id: ids.spaceId }, body: { code: 'walk', name: 'Walk' } }),
  'POST /api/spaces/:id/edit_language': () => ({
    params: { id: ids.spaceId },
    body: { id: ids.localeId, code: 'de', name: 'German' },
  }),
  'GET /api/spaces/:id/datasource_dimensions': () => ({ params: { id: ids.spaceId } }),
  // The language's own code: allowed, and it changes nothing.
  'POST /api/spaces/:id/datasource_dimensions': () => ({
    params: { id: ids.spaceId },
    body: { space_locale_id: ids.localeId, dimension: null },
  }),
  'POST /api/spaces/:id/delete_language': async () => {
    // Added through the API so that Storyblok has it too, and a sync meanwhile keeps it.
    const existing = await server.prisma.spaceLocale.findFirst({
      where: { spaceId: ids.spaceId, code: 'gone' },
      select: { id: true },
    });
    const id =
      existing?.id ??
      (await ownerApi.call('addLanguage', { params: { id: ids.spaceId }, body: { code: 'gone', name: 'Gone' } })).id;
    return { params: { id: ids.spaceId }, body: { id } };
  },
  'POST /api/spaces/:id/update_token': () => ({
    params: { id: ids.spaceId },
    body: { personal_access_token: basicFixture.pat },
  }),
  'POST /api/spaces/:id/settings': () => ({ params: { id: ids.spaceId }, body: { write_back_mode: 'all' } }),
  'PUT /api/spaces/:id/style_guide': () => ({
    params: { id: ids.spaceId },
    query: { space_locale_id: ids.localeId },
    body: { formality: 'default', tone: '', avoid: [], instructions: '' },
  }),
  'GET /api/spaces/:id/webhook': () => ({ params: { id: ids.spaceId } }),
  'GET /api/spaces/:id/audit_log': () => ({ params: { id: ids.spaceId }, query: { limit: 5 } }),
  'GET /api/spaces/:id/language_progress': () => ({ params: { id: ids.spaceId }, query: {} }),
  'GET /api/spaces/:id/hooks': () => ({ params: { id: ids.spaceId } }),
  'POST /api/spaces/:id/hooks': () => ({
    params: { id: ids.spaceId },
    body: { url: 'http://127.0.0.1:9/walk', events: ['sync.finished'] },
  }),
  'PUT /api/spaces/:id/hooks/:hookId': () => ({
    params: { id: ids.spaceId, hookId: ids.hookId },
    body: { active: false },
  }),
  'DELETE /api/spaces/:id/hooks/:hookId': async () => {
    const hook = await ownerApi.call('createSpaceHook', {
      params: { id: ids.spaceId },
      body: { url: 'http://127.0.0.1:9/gone' },
    });
    return { params: { id: ids.spaceId, hookId: hook.id } };
  },
  'GET /api/spaces/:id/hooks/:hookId/deliveries': () => ({ params: { id: ids.spaceId, hookId: ids.hookId } }),
  'POST /api/spaces/:id/hooks/:hookId/test': () => ({ params: { id: ids.spaceId, hookId: ids.hookId } }),
  'POST /api/spaces/:id/invite_user': () => ({
    params: { id: ids.spaceId },
    body: { email: 'walk-invitee@example.com', role: 'viewer' },
  }),
  'POST /api/spaces/:id/revoke_user': async () => {
    await setSubject('invited');
    return { params: { id: ids.spaceId }, body: { user_id: ids.subjectId } };
  },
  'POST /api/spaces/:id/approve_user': async () => {
    await setSubject('requesting');
    return { params: { id: ids.spaceId }, body: { user_id: ids.subjectId, role: 'viewer' } };
  },
  'POST /api/spaces/:id/change_role': async () => {
    await setSubject('joined');
    return { params: { id: ids.spaceId }, body: { user_id: ids.subjectId, role: 'viewer' } };
  },
  'POST /api/spaces/:id/subscription/checkout': () => ({ params: { id: ids.spaceId } }),
  'GET /api/spaces/:id/subscription/portal': () => ({ params: { id: ids.spaceId }, query: { back_to: '/spaces' } }),
  // The owner really deletes, and every other request still needs the walk's space: each caller gets a
  // throwaway space of its own, with the walk's members in their roles.
  'DELETE /api/spaces/:id': async () => {
    const members = await server.prisma.membership.findMany({
      where: { spaceId: ids.spaceId, status: 'joined' },
      select: { userId: true, role: true },
    });
    throwawaySpaces += 1;
    const space = await server.prisma.space.create({
      data: {
        name: `Throwaway ${throwawaySpaces}`,
        storyblokSpaceId: BigInt(throwawayStoryblokIds + throwawaySpaces),
        region: 'eu',
        memberships: { create: members.map((member) => ({ ...member, status: 'joined' as const })) },
      },
      select: { id: true },
    });
    await server.prisma.apiTokenSpace.createMany({
      data: walkApiTokenIds.map((tokenId) => ({ tokenId, spaceId: space.id })),
    });
    return { params: { id: space.id } };
  },
};

/** The owner's API tokens: each role in the walk's space, and the owner's own role in another space only. */
async function createWalkApiTokens(spaceId: number): Promise<void> {
  const owner = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => tokens.get('owner')! });
  for (const role of roles) {
    const made = await owner.call('createApiToken', { body: { name: `Walk ${role}`, space_ids: [spaceId], role } });
    tokens.set(`token:${role}`, made.secret);
    walkApiTokenIds.push(made.token.id);
  }
  const ownerId = (await owner.call('getMe', {})).id;
  const elsewhere = await server.prisma.space.create({
    data: {
      name: 'Owner’s other space',
      storyblokSpaceId: BigInt(throwawayStoryblokIds - 1),
      region: 'eu',
      memberships: { create: { userId: ownerId, role: 'owner', status: 'joined' } },
    },
    select: { id: true },
  });
  const made = await owner.call('createApiToken', {
    body: { name: 'Walk elsewhere', space_ids: [elsewhere.id], role: 'owner' },
  });
  tokens.set('token:elsewhere', made.secret);
}

async function waitForFirstSync(api: ApiClient, spaceId: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const status = await api.call('getSyncStatus', { params: { id: spaceId } });
    if (status.status === 'completed') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the other space’s first sync did not finish in time');
}

/** Story ids are unique across Storyblok, so the copy's stories get ids of their own. */
const storyIdOffset = 1000;

function moveStory(file: unknown): unknown {
  const story = { ...(((file as { story?: unknown }).story ?? file) as Record<string, unknown>) };
  story.id = (story.id as number) + storyIdOffset;
  if (story.parent_id) story.parent_id = (story.parent_id as number) + storyIdOffset;
  if (typeof story.uuid === 'string') story.uuid = story.uuid.replace(/^0/, '1');
  return story;
}

/** The basic fixture twice: the walk's space, and a copy under another id that another team connects. */
async function twoSpaces() {
  const data = await readDataDir(basicFixture.dir);
  const basic = data.spaces[0]!;
  const space = (basic.space as { space: Record<string, unknown> }).space;
  data.spaces.push({
    id: storyblokOtherSpaceId,
    space: { space: { ...space, id: storyblokOtherSpaceId, name: 'Other Team Space' } },
    components: basic.components,
    apiKeys: basic.apiKeys,
    stories: (basic.stories ?? []).map(moveStory),
  });
  data.tokens[otherPat] = [storyblokOtherSpaceId];
  return data;
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ data: await twoSpaces() });
  stripe = await startFakeStripe();
  server = await startTestServer({
    env: {
      STORYBLOK_MAPI_URL: storyblok.mapiUrl,
      ...stripeEnv(stripe),
    },
  });
  const owner = await connectBasicSpace(server, 'walk-owner');
  ownerApi = owner.api;
  const spaceId = owner.spaceId;

  // connectBasicSpace made the owner with createAccount's default password; a second session gives its token.
  const ownerEmail = (await ownerApi.call('getMe', {})).email;
  tokens.set('owner', (await signIn(server, ownerEmail, 'correct horse battery staple')).access_token);
  for (const role of roles.filter((name) => name !== 'owner')) {
    const email = uniqueEmail(`walk-${role}`);
    const session = await createAccount(server, email);
    await ownerApi.call('inviteUser', { params: { id: spaceId }, body: { email, role } });
    const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
    await api.call('acceptInvite', { params: { id: spaceId } });
    tokens.set(role, session.access_token);
  }

  const outsider = await createAccount(server, uniqueEmail('walk-outsider'));
  tokens.set('outsider', outsider.access_token);
  outsiderApi = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => outsider.access_token });
  const created = await outsiderApi.call('createSpace', {
    body: { space_id: storyblokOtherSpaceId, personal_access_token: otherPat },
  });
  await waitForFirstSync(outsiderApi, created.id);

  const nodeOf = async (space: number, storyblokId: number) =>
    (
      await server.prisma.storyNode.findFirstOrThrow({
        where: { spaceId: space, storyblokId: BigInt(storyblokId) },
        select: { id: true },
      })
    ).id;
  const localeOf = async (space: number) =>
    (await server.prisma.spaceLocale.findFirstOrThrow({ where: { spaceId: space, code: 'de' }, select: { id: true } }))
      .id;
  const storyId = await nodeOf(spaceId, basicFixture.stories.home);
  const localeId = await localeOf(spaceId);
  const story = await ownerApi.call('getStory', { params: { storyId }, query: { locale: 'de' } });
  const key = story.translatable_keys[0]!;
  const batch = await server.prisma.translationBatch.create({
    data: { spaceId, spaceLocaleId: localeId, scope: 'keys', status: 'running' },
    select: { id: true },
  });
  const term = await server.prisma.glossaryTerm.create({
    data: { spaceId, translatable: 'Welcome', translated: 'Willkommen', isGlobal: true },
    select: { id: true },
  });
  const hook = await ownerApi.call('createSpaceHook', {
    params: { id: spaceId },
    body: { url: 'http://127.0.0.1:9/walk', events: ['sync.finished'] },
  });
  const subject = await createAccount(server, uniqueEmail('walk-subject'));
  // A subscribed space: its owner's checkout is refused as already subscribed, and its portal opens.
  stripe.state.customers.set('cus_walk', { id: 'cus_walk', object: 'customer' });
  await server.prisma.subscription.create({
    data: { id: 'sub_walk', spaceId, customerId: 'cus_walk', status: 'active', priceCents: 4900 },
  });
  ids = {
    spaceId,
    localeId,
    storyId,
    folderId: await nodeOf(spaceId, basicFixture.folders.blog),
    key: { key: key.key, id: key.id, field_type: key.field_type },
    batchId: batch.id,
    termId: term.id,
    hookId: hook.id,
    subjectId: subject.user.id,
  };
  await createWalkApiTokens(spaceId);
  other = {
    spaceId: created.id,
    localeId: await localeOf(created.id),
    storyId: await nodeOf(created.id, basicFixture.stories.home + storyIdOffset),
    key: key.key,
  };
}, 120_000);

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
  await stripe?.close();
});

describe('the access table', () => {
  it('names every endpoint of the contract, with the role the contract declares', async () => {
    const endpoints = await contractEndpoints();
    const missing = [...endpoints.keys()].filter((name) => !(name in expectedAccess));
    expect(missing, 'endpoints of the contract without an entry in expectedAccess').toEqual([]);
    const gone = Object.keys(expectedAccess).filter((name) => !endpoints.has(name));
    expect(gone, 'entries of expectedAccess the contract no longer has').toEqual([]);
    for (const [name, endpoint] of endpoints) {
      const access = expectedAccess[name]!;
      const declared = (roles as readonly string[]).includes(access) ? access : undefined;
      expect(endpoint.role, `role of ${name}`).toBe(declared);
    }
    const unwalked = Object.entries(expectedAccess)
      .filter(([, access]) => access !== 'public' && access !== 'signed-in')
      .map(([name]) => name)
      .filter((name) => !(name in requests));
    expect(unwalked, 'space endpoints without a request for the walk').toEqual([]);
  });

  it('refuses every endpoint but the public ones without a session', async () => {
    for (const [name, access] of Object.entries(expectedAccess)) {
      if (access === 'public') continue;
      const params = Object.fromEntries([...name.matchAll(/:(\w+)/g)].map(([, param]) => [param!, '1']));
      const response = await send(name, { params });
      expect({ name, status: response.status }).toEqual({ name, status: 401 });
      expect(((await response.json()) as { code: string }).code).toBe('unauthorized');
    }
  });
});

describe('the walk: every space endpoint as every role, as an outsider, and with API tokens', () => {
  // A token of a role acts as a member of that role; one for another space is an outsider here.
  const tokenCallers = [...roles.map((role) => `token:${role}`), 'token:elsewhere'];
  const callers = [...roles, 'outsider', ...tokenCallers];
  const roleOf = (caller: string) => caller.replace(/^token:/, '');

  it.each(Object.entries(expectedAccess).filter(([, access]) => access !== 'public' && access !== 'signed-in'))(
    '%s (%s)',
    async (name, access) => {
      const outcomes: Record<string, number> = {};
      for (const caller of callers) {
        const response = await send(name, await requests[name]!(), tokens.get(caller));
        outcomes[caller] = response.status;
        expect(response.status, `${caller}: ${await response.text()}`).not.toBe(500);
      }
      const expected = Object.fromEntries(
        callers.map((caller) => {
          const role = roleOf(caller);
          if (role === 'outsider' || role === 'elsewhere' || access === 'invited') return [caller, 404];
          return [caller, hasRole(role as Role, access as Role) ? 'allowed' : 403];
        }),
      );
      const seen = Object.fromEntries(
        Object.entries(outcomes).map(([caller, status]) => [
          caller,
          expected[caller] === 'allowed' && status !== 403 && status !== 404 ? 'allowed' : status,
        ]),
      );
      expect(seen).toEqual(expected);
    },
  );

  it('lets the holder of an invitation accept it, and another decline it', async () => {
    const session = await createAccount(server, uniqueEmail('walk-invited'));
    for (const name of ['POST /api/spaces/:id/accept_invite', 'POST /api/spaces/:id/decline_invite']) {
      await server.prisma.membership.upsert({
        where: { spaceId_userId: { spaceId: ids.spaceId, userId: session.user.id } },
        create: { spaceId: ids.spaceId, userId: session.user.id, status: 'invited', role: 'viewer' },
        update: { status: 'invited' },
      });
      expect((await send(name, await requests[name]!(), session.access_token)).status).toBe(200);
    }
  });
});

describe('ids of another space', () => {
  it('do not reach into it through body, query or path ids', async () => {
    // The outsider's own space works for them, so the refusals below are about the ids.
    expect((await outsiderApi.call('getRootFolder', { query: { locale: 'de', space_id: other.spaceId } })).name).toBe(
      'Other Team Space',
    );
    const before = await server.prisma.translation.findMany({
      where: { spaceLocaleId: ids.localeId },
      select: { id: true, value: true, referenceHash: true },
      orderBy: { id: 'asc' },
    });

    const notFound = { status: 404, code: 'not_found' };
    expect(
      await failure(
        outsiderApi.call('getFolder', {
          params: { folderId: ids.folderId },
          query: { locale: 'de', space_id: other.spaceId },
        }),
      ),
    ).toMatchObject(notFound);
    expect(
      await failure(
        outsiderApi.call('markAsVerified', {
          body: [
            { key: other.key, story_id: other.storyId, space_locale_id: other.localeId },
            { key: ids.key.key, story_id: ids.storyId, space_locale_id: ids.localeId },
          ],
        }),
      ),
    ).toMatchObject(notFound);
    expect(
      await failure(
        outsiderApi.call('saveTranslation', {
          body: {
            key: ids.key.key,
            story_id: ids.storyId,
            space_locale_id: other.localeId,
            field_type: ids.key.field_type,
            value: 'Übernommen',
          },
        }),
      ),
    ).toMatchObject(notFound);
    expect(
      await failure(ownerApi.call('getStory', { params: { storyId: other.storyId }, query: { locale: 'de' } })),
    ).toMatchObject(notFound);
    // The history of a key of the walk's space, asked with the outsider's own story or language.
    expect(
      await failure(
        outsiderApi.call('getKeyHistory', {
          query: { story_id: other.storyId, key: ids.key.key, space_locale_id: ids.localeId },
        }),
      ),
    ).toMatchObject(notFound);
    expect(
      await failure(
        ownerApi.call('getKeyHistory', {
          query: { story_id: ids.storyId, key: ids.key.key, space_locale_id: other.localeId },
        }),
      ),
    ).toMatchObject(notFound);
    const ours = await server.prisma.translationHistory.findFirstOrThrow({
      where: { spaceLocaleId: ids.localeId },
      select: { id: true },
    });
    expect(await failure(outsiderApi.call('revertTranslation', { body: { history_id: ours.id } }))).toMatchObject(
      notFound,
    );

    const after = await server.prisma.translation.findMany({
      where: { spaceLocaleId: ids.localeId },
      select: { id: true, value: true, referenceHash: true },
      orderBy: { id: 'asc' },
    });
    expect(after).toEqual(before);
  });
});

describe('the route binder', () => {
  const binder = createRouteBinder({
    validateResponses: true,
    authenticate: () => Promise.reject(new Error('not called when binding')),
    prisma: {} as Database,
  });
  const params = z.object({ id: z.coerce.number() });
  const response = z.object({ ok: z.boolean() });
  const handler = () => ({ ok: true });

  it('refuses a space lookup without an access rule, and an access rule without a space lookup', () => {
    const open = testEndpoint({ method: 'POST', path: '/api/test/:id/open', params, response });
    expect(() => binder(Router(), open, handler, { space: ({ params: input }) => input.id })).toThrow(
      'has a space lookup but no role or space access rule',
    );
    const guarded = testEndpoint({ method: 'POST', path: '/api/test/:id/guarded', params, response, role: 'viewer' });
    expect(() => binder(Router(), guarded, handler)).toThrow('declares role viewer but no signed-in space lookup');
    expect(() =>
      binder(Router(), guarded, handler, { space: ({ params: input }) => input.id, spaceAccess: 'own-invitation' }),
    ).toThrow('choose one');
    expect(() => binder(Router(), open, handler, { spaceAccess: 'own-invitation' })).toThrow(
      'declares access own-invitation but no signed-in space lookup',
    );
  });
});
