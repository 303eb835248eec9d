import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, type ApiClientOptions } from '#kit/api/api-client.ts';
import { AppError } from '#server/errors.ts';
import { testEndpoint } from '#tests/support/test-endpoint.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

const whoami = testEndpoint({
  method: 'POST',
  path: '/api/test/spaces/:id/whoami',
  params: z.object({ id: z.coerce.number() }),
  query: z.object({ tags: z.array(z.string()).optional(), verbose: z.string().optional() }),
  body: z.object({ note: z.string() }),
  response: z.object({ id: z.number(), token: z.string(), note: z.string(), tags: z.array(z.string()) }),
});
const missing = testEndpoint({ method: 'GET', path: '/api/test/missing-route', response: z.object({}) });
/** The client calls by name; these two names go to the test's own routes. */
const testRoutes = { whoami, missing };
const testClient = (options: ApiClientOptions<typeof testRoutes>) =>
  createApiClient<typeof testRoutes>({ ...options, routes: testRoutes });

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    extraRoutes: (bind) => {
      const router = Router();
      bind(
        router,
        whoami,
        ({ params, query, body, req }) => {
          const token = req.headers.authorization?.replace(/^Bearer /, '');
          if (token !== 'fresh') throw new AppError('unauthorized', 'Your session has expired. Log in again.');
          return { id: params.id, token, note: body.note, tags: query.tags ?? [] };
        },
        // The test stands in for a signed-in route with a fake token of its own.
        { auth: 'public' },
      );
      return router;
    },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('the kit API client against the real server', () => {
  it('calls an endpoint of the contract and returns its typed answer', async () => {
    const client = createApiClient({ baseUrl: server.baseUrl });
    const health = await client.call('getHealth', {});
    expect(health.database.status).toBe('up');
  });

  it('fills params, query and body, and sends the bearer token', async () => {
    const client = testClient({ baseUrl: server.baseUrl, getAccessToken: () => 'fresh' });
    const answer = await client.call('whoami', {
      params: { id: 5 },
      query: { tags: ['a', 'b'] },
      body: { note: 'hi' },
    });
    expect(answer).toEqual({ id: 5, token: 'fresh', note: 'hi', tags: ['a', 'b'] });
  });

  it('refreshes once on a 401 and sends the request again', async () => {
    let token = 'stale';
    let refreshes = 0;
    const client = testClient({
      baseUrl: server.baseUrl,
      getAccessToken: () => token,
      onUnauthorized: async () => {
        refreshes += 1;
        token = 'fresh';
        return true;
      },
    });
    const answer = await client.call('whoami', { params: { id: 1 }, body: { note: 'again' } });
    expect(answer.token).toBe('fresh');
    expect(refreshes).toBe(1);
  });

  it('gives up after one refresh and reports the server error by code', async () => {
    let refreshes = 0;
    const client = testClient({
      baseUrl: server.baseUrl,
      getAccessToken: () => 'stale',
      onUnauthorized: async () => {
        refreshes += 1;
        return true;
      },
    });
    const error = await client
      .call('whoami', { params: { id: 1 }, body: { note: 'x' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'unauthorized',
      status: 401,
      message: 'Your session has expired. Log in again.',
    });
    expect(refreshes).toBe(1);
  });

  it('carries field details of a 400 and the code of a 404', async () => {
    const client = testClient({ baseUrl: server.baseUrl, getAccessToken: () => 'fresh' });
    const invalid = await client
      .call('whoami', { params: { id: 1 }, body: { note: 3 as unknown as string } })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ code: 'invalid_request', status: 400, details: [{ path: 'body.note' }] });
    const notFound = await client.call('missing', {}).catch((e: unknown) => e);
    expect(notFound).toMatchObject({ code: 'route_not_found', status: 404 });
  });

  it('reports an unreachable server as a network error with status 0', async () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    const error = await client.call('getHealth', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'network_error', status: 0 });
  });
});
