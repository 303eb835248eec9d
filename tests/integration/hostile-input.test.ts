import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authErrorSchema, legacyAuthErrorSchema } from '#contract/auth.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { serveBuiltFrontEnds } from '#server/http/front-ends.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { signIn } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { rawClient, type RawRequest, type RawResponse } from '#tests/support/raw-http.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

/** Ids, addresses and bodies a client can send that once answered 500 or acted on the wrong row. */

let storyblok: FakeStoryblok;
let server: TestServer;
let dist: string;
let client: ReturnType<typeof rawClient>;
let token: string;
let spaceId: number;
let german: { id: number; name: string };

const email = 'hostile-input-owner@example.com';

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  dist = mkdtempSync(path.join(tmpdir(), 'polyblok-hostile-input-'));
  mkdirSync(path.join(dist, 'app'), { recursive: true });
  writeFileSync(path.join(dist, 'app', 'index.html'), '<!doctype html><title>web app</title>');
  server = await startTestServer({
    env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl },
    mountFrontEnds: (app) => serveBuiltFrontEnds(app, dist),
  });
  const owner = await connectBasicSpace(server, 'owner', email);
  spaceId = owner.spaceId;
  token = (await signIn(server, email, 'correct horse battery staple')).access_token;
  german = await server.prisma.spaceLocale.findFirstOrThrow({
    where: { spaceId, code: 'de' },
    select: { id: true, name: true },
  });
  client = rawClient(server.baseUrl, 2);
});

afterAll(async () => {
  client?.close();
  await server?.close();
  await storyblok?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

function send(
  method: string,
  path: string,
  options: { body?: Buffer | string; headers?: Record<string, string> } = {},
) {
  const request: RawRequest = {
    method,
    path,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    body: typeof options.body === 'string' ? Buffer.from(options.body) : options.body,
  };
  if (request.body && !('content-type' in request.headers)) request.headers['content-type'] = 'application/json';
  return client.send(request);
}

function apiError(response: RawResponse, status: number, code: string) {
  expect({ status: response.status, text: response.text }).toMatchObject({ status });
  const body = errorResponseSchema.parse(JSON.parse(response.text));
  expect(body.code).toBe(code);
  return body;
}

const language = () =>
  server.prisma.spaceLocale.findUniqueOrThrow({ where: { id: german.id }, select: { id: true, name: true } });

describe('ids', () => {
  it.each(['2147483648', '99999999999999999999', '0', '-1', '1.5', 'true', '1e3', '%201', '0x10', '+1', '01', 'abc'])(
    'refuses %s in a path with 400 and the field',
    async (id) => {
      const body = apiError(await send('GET', `/api/spaces/${id}/settings`), 400, 'invalid_request');
      expect(body.details).toEqual([
        { path: 'params.id', message: 'Must be an id: a whole number from 1 to 2147483647' },
      ]);
    },
  );

  it('answers the largest id that no row has with 404', async () => {
    apiError(await send('GET', '/api/spaces/2147483647/settings'), 404, 'not_found');
    apiError(await send('GET', '/api/content/story/2147483647?locale=de'), 404, 'not_found');
  });

  it.each([
    ['true', () => true],
    ['"1"', () => '1'],
    ['the id as a string', (id: number) => String(id)],
    ['1.5', () => 1.5],
    ['2^31', () => 2 ** 31],
    ['0', () => 0],
    ['-1', () => -1],
    ['null', () => null],
    ['the id in an array', (id: number) => [id]],
    ['the id in an object', (id: number) => ({ id })],
  ])('reads no id from %s in a JSON body, and renames nothing', async (_label, idOf) => {
    const id = idOf(german.id);
    const response = await send('POST', `/api/spaces/${spaceId}/edit_language`, {
      body: JSON.stringify({ id, code: 'de', name: 'Renamed' }),
    });
    const body = apiError(response, 400, 'invalid_request');
    expect(body.details?.map((detail) => detail.path)).toEqual(['body.id']);
    expect(await language()).toEqual(german);
  });

  it('refuses ids and page numbers out of range in a query string', async () => {
    const folder = apiError(
      await send('GET', '/api/content/folder?locale=de&space_id=2147483648'),
      400,
      'invalid_request',
    );
    expect(folder.details?.[0]?.path).toBe('query.space_id');
    const { key } = await server.prisma.translatableKey.findFirstOrThrow({ where: { spaceId }, select: { key: true } });
    const keys = `/api/content/associated_keys?key=${encodeURIComponent(key)}&space_locale_id=${german.id}`;
    for (const [query, field] of [
      ['page=0', 'query.page'],
      ['page=1e3', 'query.page'],
      ['page=99999999999', 'query.page'],
      ['per_page=101', 'query.per_page'],
      ['story_id=01', 'query.story_id'],
      ['page=1&page=2', 'query.page'],
    ]) {
      const body = apiError(await send('GET', `${keys}&${query}`), 400, 'invalid_request');
      expect(body.details?.[0]?.path).toBe(field);
    }
    expect((await send('GET', `${keys}&page=1000000&per_page=100`)).status).toBe(200);
  });

  it('refuses a malformed uuid with 400, and answers one that names nothing with 404', async () => {
    const body = apiError(await send('GET', '/api/content/batches/not-a-uuid'), 400, 'invalid_request');
    expect(body.details?.[0]?.path).toBe('params.batchId');
    apiError(await send('GET', '/api/content/batches/00000000-0000-0000-0000-000000000000'), 404, 'not_found');
  });

  it('takes a Storyblok id as a JSON number only', async () => {
    const response = await send('POST', '/api/webhooks/storyblok', {
      body: JSON.stringify({ action: 'story.published', space_id: String(basicFixture.spaceId), story_id: 10 }),
    });
    const body = apiError(response, 400, 'invalid_request');
    expect(body.details?.[0]?.path).toBe('body.space_id');
  });
});

describe('API tokens', () => {
  const bearers = ['pbk_', `pbk_${'A'.repeat(8000)}`, 'pbk_%00', 'pbk_../../etc', 'pbk_' + '\u00e9'.repeat(3)];

  it.each(bearers.map((bearer) => [bearer.slice(0, 24), bearer]))(
    'refuses %s as a token with 401 on /api, changing nothing',
    async (_label, bearer) => {
      const before = await server.prisma.apiToken.count();
      for (const [method, address] of [
        ['GET', '/api/me'],
        ['POST', `/api/spaces/${spaceId}/sync`],
        ['GET', '/api/me/api_tokens'],
      ] as const) {
        const response = await send(method, address, { headers: { authorization: `Bearer ${bearer}` } });
        apiError(response, 401, 'invalid_api_token');
      }
      expect(await server.prisma.apiToken.count()).toBe(before);
    },
  );

  it('refuses any token under /auth/v1 in GoTrue’s way', async () => {
    for (const bearer of bearers) {
      const response = await send('GET', '/auth/v1/user', {
        headers: { authorization: `Bearer ${bearer}`, 'x-supabase-api-version': '2024-01-01' },
      });
      expect(response.status).toBe(401);
      expect(authErrorSchema.parse(JSON.parse(response.text)).code).toBe('no_authorization');
    }
  });

  it('refuses a new token with an unknown role, no spaces, a bad name or expiry, creating nothing', async () => {
    const before = await server.prisma.apiToken.count();
    const create = (body: unknown) => send('POST', '/api/me/api_tokens', { body: JSON.stringify(body) });
    const refused = [
      { name: 'x', space_ids: [spaceId], role: 'superuser' },
      { name: 'x', space_ids: [], role: 'viewer' },
      { name: 'x', space_ids: [spaceId, 'one'], role: 'viewer' },
      { name: 'x'.repeat(101), space_ids: [spaceId], role: 'viewer' },
      { name: 'x', space_ids: [spaceId], role: 'viewer', expires_at: 'tomorrow' },
      { name: 'x', space_ids: [spaceId], role: 'viewer', expires_at: '1999-01-01T00:00:00Z' },
    ];
    for (const body of refused) apiError(await create(body), 400, 'invalid_request');
    expect(await server.prisma.apiToken.count()).toBe(before);
    apiError(await send('DELETE', '/api/me/api_tokens/not-a-uuid'), 400, 'invalid_request');
  });
});

describe('malformed percent-encoding', () => {
  it.each(['/api/spaces/%C0%AF/settings', '/api/spaces/%/settings', '/api/nothing/%zz'])(
    'answers %s with 400 and a code',
    async (address) => {
      const body = apiError(await send('GET', address), 400, 'invalid_request');
      expect(body.details).toEqual([{ path: 'params', message: 'The path has a malformed percent-encoding' }]);
    },
  );

  it('answers a query that does not decode with 400 and a code', async () => {
    const body = apiError(await send('GET', '/api/content/folder?locale=%E2%82&space_id=1'), 400, 'invalid_request');
    expect(body.details?.[0]?.path).toBe('query');
  });

  it('answers GoTrue’s way under /auth/v1, in both shapes', async () => {
    const legacy = await send('POST', '/auth/v1/factors/%C0%AF/challenge');
    expect(legacy.status).toBe(400);
    expect(legacyAuthErrorSchema.parse(JSON.parse(legacy.text)).error_code).toBe('validation_failed');
    const modern = await send('GET', '/auth/v1/user?x=%', { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(modern.status).toBe(400);
    expect(authErrorSchema.parse(JSON.parse(modern.text)).code).toBe('validation_failed');
  });

  it('answers a page of the front ends with 400', async () => {
    for (const address of ['/%C0%AF', '/spaces/%E2%82', '/assets/%']) {
      expect((await send('GET', address, { headers: { accept: 'text/html' } })).status).toBe(400);
    }
  });
});

describe('request bodies', () => {
  const edit = (body: Buffer | string, headers: Record<string, string>) =>
    send('POST', `/api/spaces/${spaceId}/edit_language`, { body, headers });
  const renaming = () => JSON.stringify({ id: german.id, code: 'de', name: 'Renamed' });
  const signUp = (body: Buffer | string, headers: Record<string, string>) =>
    send('POST', '/auth/v1/signup', { body, headers: { 'content-type': 'application/json', ...headers } });

  it.each(['gzip', 'deflate', 'br'])('refuses a body marked %s that does not decode, changing nothing', async (how) => {
    const body = apiError(await edit(renaming(), { 'content-encoding': how }), 400, 'invalid_request');
    expect(body.message).toBe('The request body does not decode as its Content-Encoding says.');
    expect(await language()).toEqual(german);
    const auth = await signUp('{"email":"a@example.com"}', { 'content-encoding': how });
    expect({ status: auth.status, body: JSON.parse(auth.text) }).toMatchObject({
      status: 400,
      body: { error_code: 'bad_json' },
    });
  });

  it('refuses a cut-off gzip body with 400', async () => {
    const cut = gzipSync(Buffer.from(renaming())).subarray(0, 15);
    apiError(await edit(cut, { 'content-encoding': 'gzip' }), 400, 'invalid_request');
  });

  it('refuses an unknown content encoding with 415', async () => {
    apiError(await edit(renaming(), { 'content-encoding': 'compress' }), 415, 'unsupported_media_type');
    const auth = await signUp('{}', { 'content-encoding': 'compress' });
    expect({ status: auth.status, body: JSON.parse(auth.text) }).toMatchObject({
      status: 415,
      body: { error_code: 'bad_json' },
    });
  });

  it('refuses with 413 a small compressed body that inflates past the limit', async () => {
    const bomb = gzipSync(Buffer.from(`{"name":"${'x'.repeat(20 * 1024 * 1024)}"}`));
    expect(bomb.length).toBeLessThan(64 * 1024);
    apiError(await edit(bomb, { 'content-encoding': 'gzip' }), 413, 'payload_too_large');
    const auth = await signUp(bomb, { 'content-encoding': 'gzip' });
    expect({ status: auth.status, body: JSON.parse(auth.text) }).toMatchObject({
      status: 413,
      body: { error_code: 'request_too_large' },
    });
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('reads a body that really is %s', async (how, compress) => {
    const response = await edit(
      compress(Buffer.from(JSON.stringify({ id: german.id, code: 'de', name: german.name }))),
      {
        'content-encoding': how,
      },
    );
    expect(response.status, response.text).toBe(200);
  });

  it('refuses a deeply nested body with 400', async () => {
    const deep = `{"id":${german.id},"code":"de","name":"x","extra":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const body = apiError(await edit(deep, {}), 400, 'invalid_request');
    expect(body.details?.[0]?.message).toMatch(/deeper than 64/);
    expect(await language()).toEqual(german);
  });
});
