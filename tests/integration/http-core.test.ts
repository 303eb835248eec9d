import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { healthResponseSchema } from '#contract/health.ts';
import { testEndpoint } from '#tests/support/test-endpoint.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

const echo = testEndpoint({
  method: 'POST',
  path: '/api/test/echo/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  query: z.object({ mode: z.enum(['plain', 'loud']).default('plain') }),
  body: z.object({
    name: z.string().min(1),
    tags: z.array(z.string()).max(5).default([]),
    doc: z.unknown().optional(),
  }),
  response: z.object({ id: z.number(), name: z.string(), mode: z.string(), tags: z.array(z.string()) }),
});
const broken = testEndpoint({ method: 'GET', path: '/api/test/broken', response: z.object({ ok: z.boolean() }) });
const crash = testEndpoint({ method: 'GET', path: '/api/test/crash', response: z.object({ ok: z.boolean() }) });
const big = testEndpoint({
  method: 'PUT',
  path: '/api/test/big',
  body: z.object({ blob: z.string() }),
  response: z.object({ size: z.number() }),
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    extraRoutes: (bind) => {
      const router = Router();
      // These routes test the binder itself, so they skip the sign-in every real /api route asks for.
      const open = { auth: 'public' } as const;
      bind(
        router,
        echo,
        ({ params, query, body }) => ({
          id: params.id,
          name: query.mode === 'loud' ? body.name.toUpperCase() : body.name,
          mode: query.mode,
          tags: body.tags,
        }),
        open,
      );
      // Returns the wrong shape on purpose: the binder must refuse to send it.
      bind(router, broken, () => ({ ok: 'yes' }) as unknown as { ok: boolean }, open);
      bind(
        router,
        crash,
        () => {
          throw new Error('connection string postgres://secret@db leaked');
        },
        open,
      );
      bind(router, big, ({ body }) => ({ size: body.blob.length }), { auth: 'public', bodyLimit: '6mb' });
      return router;
    },
  });
});

afterAll(async () => {
  await server?.close();
});

function post(path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return fetch(`${server.baseUrl}${path}`, { method: 'POST', body, headers });
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = errorResponseSchema.parse(await response.json());
  expect(body.code).toBe(code);
  return body;
}

describe('health', () => {
  it('answers 200 with the database and the queue up', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const health = healthResponseSchema.parse(await response.json());
    expect(health).toEqual({
      status: 'ok',
      version: 'test',
      database: { status: 'up', kind: server.database.driver.target.kind },
      queue: { status: 'up' },
    });
  });

  it('answers 503 while the server is stopping, so traffic drains first', async () => {
    server.setStopping(true);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      expect(response.status).toBe(503);
      expect((await response.json()).status).toBe('stopping');
    } finally {
      server.setStopping(false);
    }
  });
});

describe('contract binder', () => {
  it('parses params, query and body and answers the validated output', async () => {
    const response = await post('/api/test/echo/7?mode=loud', JSON.stringify({ name: 'ada', tags: ['x'], extra: 1 }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 7, name: 'ADA', mode: 'loud', tags: ['x'] });
  });

  it('answers 400 with field details for invalid input', async () => {
    const response = await post('/api/test/echo/abc?mode=whisper', JSON.stringify({ name: '', tags: 'x' }));
    const body = await expectError(response, 400, 'invalid_request');
    const paths = body.details?.map((detail) => detail.path).sort();
    expect(paths).toEqual(['body.name', 'body.tags', 'params.id', 'query.mode']);
    expect(body.message).toMatch(/^The request is not valid/);
  });

  it('refuses a repeated query parameter where one value is expected', async () => {
    const response = await post('/api/test/echo/1?mode=plain&mode=loud', JSON.stringify({ name: 'a' }));
    const body = await expectError(response, 400, 'invalid_request');
    expect(body.details?.[0]?.path).toBe('query.mode');
  });

  it.each([
    ['a truncated body', '{"name": "ada"'],
    ['a trailing comma', '{"name": "ada",}'],
    ['text that is not JSON', 'name=ada'],
  ])('answers a JSON 400 for %s', async (_label, payload) => {
    const body = await expectError(await post('/api/test/echo/1', payload), 400, 'invalid_json');
    expect(body.message).toBe('The request body is not valid JSON.');
  });

  it('answers 400 when the body is missing or is not an object', async () => {
    await expectError(await post('/api/test/echo/1', ''), 400, 'invalid_request');
    await expectError(await post('/api/test/echo/1', '"ada"'), 400, 'invalid_json');
    await expectError(await post('/api/test/echo/1', '[1,2]'), 400, 'invalid_request');
  });

  it('answers 415 for a body that is not JSON by its content type', async () => {
    await expectError(
      await post('/api/test/echo/1', '{"name":"a"}', { 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    );
    await expectError(
      await post('/api/test/echo/1', '{"name":"a"}', { 'content-type': 'application/json; charset=latin1' }),
      415,
      'unsupported_media_type',
    );
  });

  it('answers 413 just past the default limit and accepts large bodies where the route allows them', async () => {
    const justOver = JSON.stringify({ name: 'x'.repeat(100 * 1024) });
    await expectError(await post('/api/test/echo/1', justOver), 413, 'payload_too_large');
    const fiveMegabytes = 'y'.repeat(5 * 1024 * 1024);
    const response = await fetch(`${server.baseUrl}/api/test/big`, {
      method: 'PUT',
      body: JSON.stringify({ blob: fiveMegabytes }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ size: fiveMegabytes.length });
  });

  it('refuses nesting deeper than the limit without overflowing the stack', async () => {
    const deep = `{"name":"a","doc":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const body = await expectError(await post('/api/test/echo/1', deep), 400, 'invalid_request');
    expect(body.details?.[0]?.message).toMatch(/deeper than 64/);
  });

  it('refuses NUL characters and lone surrogates anywhere in the input', async () => {
    const nul = await expectError(await post('/api/test/echo/1', '{"name":"a\\u0000b"}'), 400, 'invalid_request');
    expect(nul.details?.[0]).toEqual({ path: 'body.name', message: 'Text must not contain NUL characters' });
    const surrogate = await expectError(
      await post('/api/test/echo/1', '{"name":"ok","doc":{"x":["\\ud800"]}}'),
      400,
      'invalid_request',
    );
    expect(surrogate.details?.[0]?.path).toBe('body.doc.x.0');
    const key = await expectError(
      await post('/api/test/echo/1', '{"name":"ok","doc":{"a\\u0000":1}}'),
      400,
      'invalid_request',
    );
    expect(key.details?.[0]?.message).toMatch(/^Field name/);
  });

  it('keeps a __proto__ key from reaching the handler as a prototype', async () => {
    const response = await post('/api/test/echo/1', '{"name":"a","__proto__":{"tags":["polluted"]}}');
    expect(response.status).toBe(200);
    expect((await response.json()).tags).toEqual([]);
    expect(({} as { tags?: unknown }).tags).toBeUndefined();
  });

  it('refuses to send an answer that breaks the contract', async () => {
    await expectError(await fetch(`${server.baseUrl}/api/test/broken`), 500, 'internal_error');
  });

  it('answers 500 without internals and logs the cause', async () => {
    const body = await expectError(await fetch(`${server.baseUrl}/api/test/crash`), 500, 'internal_error');
    expect(JSON.stringify(body)).not.toMatch(/postgres|secret|stack/);
    expect(server.logs.text).toMatch(/unhandled error/);
  });
});

describe('unknown paths', () => {
  it.each(['GET', 'POST', 'DELETE'])('%s on an unknown /api path answers a JSON 404', async (method) => {
    const response = await fetch(`${server.baseUrl}/api/nothing/here`, {
      method,
      headers: { accept: 'text/html', 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{not json' } : {}),
    });
    const body = await expectError(response, 404, 'route_not_found');
    expect(body.message).toBe(`There is no ${method} /api/nothing/here endpoint.`);
  });
});

describe('request log', () => {
  it('logs one line per request without credentials', async () => {
    await fetch(`${server.baseUrl}/api/health?token=abc123&refresh_token=zzz999&page=2`, {
      headers: { authorization: 'Bearer very-secret-jwt', cookie: 'sid=cookie-secret' },
    });
    const line = server.logs.entries().find((entry) => String(entry.url).startsWith('/api/health?'));
    expect(line).toMatchObject({ method: 'GET', status: 200, msg: 'request' });
    expect(line?.url).toBe('/api/health?token=%5Bredacted%5D&refresh_token=%5Bredacted%5D&page=2');
    expect(server.logs.text).not.toMatch(/abc123|zzz999|very-secret-jwt|cookie-secret/);
  });
});
