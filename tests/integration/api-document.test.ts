import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { errorCodes } from '#contract/errors.ts';
import { methodsOf, routes } from '#contract/routes.ts';
import { Router } from 'express';
import { z } from 'zod';
import { openApiPath } from '#server/http/openapi/openapi-document.ts';
import { createAnswerValidator, type OpenApiDocument } from '#tests/support/answer-validator.ts';
import { testEndpoint } from '#tests/support/test-endpoint.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

/** The OpenAPI document the server generates from the contract, and the page that shows it. */

let server: TestServer;
interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
let document: {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: { code: { enum: string[] } }; 'x-status-of-code': object }> };
};

beforeAll(async () => {
  server = await startTestServer();
  const response = await fetch(`${server.baseUrl}/api/openapi.json`);
  expect(response.status).toBe(200);
  document = (await response.json()) as typeof document;
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 with an operation for every JSON route of the table, named after it', () => {
    expect(document.openapi).toBe('3.1.0');
    const missing: string[] = [];
    for (const [name, route] of Object.entries(routes)) {
      if ('navigation' in route) continue;
      for (const method of methodsOf(route)) {
        const operation = document.paths[openApiPath(route.path)]?.[method.toLowerCase()];
        if (!operation) missing.push(`${name} (${method} ${route.path})`);
        else expect(operation.operationId.startsWith(name)).toBe(true);
      }
    }
    expect(missing, 'routes of the table missing from the document').toEqual([]);
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item));
    expect(operations.length).toBe(
      Object.values(endpoints).reduce((count, endpoint) => count + methodsOf(endpoint).length, 0),
    );
  });

  it('describes parameters, bodies and answers from the contract’s schemas', () => {
    const sync = document.paths['/api/spaces/{id}/sync']!.post!;
    expect(sync.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(sync.responses['200']!.content!['application/json']).toMatchObject({
      schema: { type: 'object', properties: { status: expect.any(Object) } },
    });
    const xliff = document.paths['/api/spaces/{id}/xliff']!;
    expect(Object.keys(xliff.get!.responses['200']!.content!)).toEqual(['application/xliff+xml']);
    expect(xliff.get!.parameters.map((parameter) => parameter.name)).toContain('space_locale_id');
    expect(Object.keys(xliff.post!.requestBody!.content)).toEqual(['application/xliff+xml']);
    const create = document.paths['/api/me/api_tokens']!.post!;
    expect(create.requestBody!.content['application/json']).toMatchObject({
      schema: { required: expect.arrayContaining(['name', 'space_ids', 'role']) },
    });
    expect(Object.keys(create.responses)).toContain('201');
  });

  it('lists every error code with its status in one shared error schema', () => {
    const error = document.components.schemas.Error!;
    expect(error.properties.code.enum).toEqual([...errorCodes]);
    expect(error['x-status-of-code']).toMatchObject({ unauthorized: 401, not_found: 404, invalid_api_token: 401 });
    expect(document.paths['/api/me']!.get!.responses['401']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  });

  it('names who may call each operation: sessions, API tokens where they are taken, nobody for public ones', () => {
    expect(document.paths['/api/health']!.get!.security).toEqual([]);
    expect(document.paths['/api/spaces/{id}/sync']!.post!.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(document.paths['/api/me/api_tokens']!.post!.security).toEqual([{ session: [] }]);
    expect(document.paths['/auth/v1/user']!.get!.security).toEqual([{ session: [] }]);
  });
});

describe('/api/docs', () => {
  it('is a page that loads Swagger UI and its initializer from files, under the site’s script policy', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp.split(';')).toContain("script-src 'self'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((match) => match[1]!);
    expect(scripts).toEqual(['/api/docs/assets/swagger-ui-bundle.js', '/api/docs/init.js']);
    expect(html).not.toMatch(/<script>/);
    for (const src of [...scripts, '/api/docs/assets/swagger-ui.css']) {
      const asset = await fetch(`${server.baseUrl}${src}`);
      expect({ src, status: asset.status }).toEqual({ src, status: 200 });
    }
    expect(await (await fetch(`${server.baseUrl}/api/docs/init.js`)).text()).toContain('/api/openapi.json');
  });

  it('answers an asset it does not have as any unknown path of the API', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs/assets/nothing-here.js`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('route_not_found');
  });
});

describe('the check of every answer the integration tests receive', () => {
  it('tells an answer that matches its operation’s schema from one that does not', () => {
    const check = createAnswerValidator(document as unknown as OpenApiDocument);
    const health = {
      status: 'ok',
      version: 'test',
      database: { status: 'up', kind: 'pglite' },
      queue: { status: 'up' },
    };
    expect(check('GET', '/api/health', 200, health)).toBeNull();
    expect(check('GET', '/api/health', 200, { ...health, status: 'fine' })).toMatch(/breaks its schema/);
    expect(check('POST', '/api/spaces/12/sync', 404, { code: 'not_found', message: 'Space not found.' })).toBeNull();
    expect(check('POST', '/api/spaces/12/sync', 404, { code: 'no_such_code', message: 'x' })).toMatch(/breaks/);
    expect(check('GET', '/auth/v1/user', 401, { code: 'no_authorization', message: 'x' })).toBeNull();
  });

  it('refuses an answer the document does not describe, and fails the server’s test file when it closes', async () => {
    const stray = testEndpoint({ method: 'GET', path: '/api/test/stray', response: z.object({ ok: z.boolean() }) });
    const other = await startTestServer({
      checkExtraRoutes: true,
      extraRoutes: (bind) => {
        const router = Router();
        bind(router, stray, () => ({ ok: true }), { auth: 'public' });
        return router;
      },
    });
    const response = await fetch(`${other.baseUrl}/api/test/stray`);
    expect(response.status).toBe(500);
    await expect(other.close()).rejects.toThrow(/GET \/api\/test\/stray answered 200/);
  });
});
