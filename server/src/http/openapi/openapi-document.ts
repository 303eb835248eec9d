import type { Endpoint } from '#contract/endpoint.ts';
import { API_BASE_PATH, AUTH_BASE_PATH, methodsOf } from '#contract/routes.ts';
import type { RouteAccess } from '../route-registry.ts';
import { errorComponents } from './error-schemas.ts';
import { jsonSchemaOf, parametersOf, type JsonSchema } from './json-schemas.ts';

export interface OpenApiSources {
  /** Every contract endpoint by name (server/contract/endpoints.ts). */
  endpoints: Record<string, Endpoint>;
  /** How each is authenticated, as bound (the route registry). */
  accessOf: (name: string) => RouteAccess | undefined;
  version: string;
}

/** `/api/spaces/:id/sync` as OpenAPI writes it: `/api/spaces/{id}/sync`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** The resource an endpoint is listed under: the path's first segment after its API's base. */
function tagOf(path: string): string {
  if (path.startsWith(`${AUTH_BASE_PATH}/`)) return 'auth';
  const rest = path.slice(API_BASE_PATH.length + 1).split('/');
  // /api/spaces/:id/glossary_terms lists under glossary_terms; /api/spaces/:id under spaces.
  if (rest[0] === 'spaces' && rest.length > 2 && !rest[2]!.startsWith(':')) return rest[2]!;
  return rest[0]!.replace(/\.json$/, '');
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function errorRef(path: string): JsonSchema {
  return {
    $ref: path.startsWith(`${AUTH_BASE_PATH}/`) ? '#/components/schemas/AuthError' : '#/components/schemas/Error',
  };
}

function successResponse(endpoint: Endpoint): [string, JsonSchema] {
  const status = endpoint.status ?? 200;
  if (status >= 300 && status < 400) {
    return [
      String(status),
      {
        description: 'A redirect to the page the answer names.',
        headers: { Location: { schema: { type: 'string' } } },
      },
    ];
  }
  if (endpoint.answerMediaType) {
    return [
      String(status),
      {
        description: 'The file, as a download.',
        content: { [endpoint.answerMediaType]: { schema: { type: 'string' } } },
      },
    ];
  }
  const schema = jsonSchemaOf(endpoint.response, 'output');
  // An answer without a body (204, or a handler that answers nothing) has no schema worth a content entry.
  if (status === 204) return ['204', { description: 'Done; no body.' }];
  return [String(status), { description: 'The answer.', content: json(schema) }];
}

function errorResponses(endpoint: Endpoint, access: RouteAccess | undefined): Record<string, JsonSchema> {
  const ref = errorRef(endpoint.path);
  const refusal = (description: string) => ({ description, content: json(ref) });
  const responses: Record<string, JsonSchema> = {};
  if (endpoint.params || endpoint.query || endpoint.body) responses['400'] = refusal('The input is not valid.');
  if (access?.signedIn) responses['401'] = refusal('No valid session or API token.');
  if (endpoint.role) {
    responses['403'] = refusal(`The caller's role in the space is below ${endpoint.role}.`);
    responses['404'] = refusal('The space (or what the input names in it) does not exist for the caller.');
  }
  responses['4XX'] = refusal('Refused: the code says why.');
  responses['5XX'] = refusal('The server or a service it needs failed; nothing was changed.');
  return responses;
}

function securityOf(path: string, access: RouteAccess | undefined): JsonSchema[] {
  if (!access?.signedIn) return [];
  if (path.startsWith(`${AUTH_BASE_PATH}/`)) return [{ session: [] }];
  return access.apiTokens ? [{ session: [] }, { apiToken: [] }] : [{ session: [] }];
}

function operationOf(endpoint: Endpoint, access: RouteAccess | undefined): JsonSchema {
  const operation: JsonSchema = {
    operationId: endpoint.name,
    tags: [tagOf(endpoint.path)],
    parameters: [...parametersOf(endpoint.params, 'path'), ...parametersOf(endpoint.query, 'query')],
    security: securityOf(endpoint.path, access),
    responses: Object.fromEntries([
      successResponse(endpoint),
      ...Object.entries(errorResponses(endpoint, access)),
      ...(endpoint.alsoStatuses ?? []).map((status) => [
        String(status),
        { description: 'The same answer, with this status.', content: json(jsonSchemaOf(endpoint.response, 'output')) },
      ]),
    ]),
  };
  if (endpoint.role) operation['x-least-role'] = endpoint.role;
  if (endpoint.body) {
    const schema = jsonSchemaOf(endpoint.body, 'input');
    operation.requestBody = {
      required: true,
      content: endpoint.bodyMediaType ? { [endpoint.bodyMediaType]: { schema: { type: 'string' } } } : json(schema),
    };
  }
  return operation;
}

/**
 * The OpenAPI 3.1 document of every JSON endpoint of the route table, from the contract's zod schemas (in 3.1's
 * default dialect, JSON Schema 2020-12): what `GET /api/openapi.json` answers and `/api/docs` shows. Built once,
 * when first asked for.
 */
export function openApiDocument(sources: OpenApiSources): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of Object.values(sources.endpoints)) {
    const item = (paths[openApiPath(endpoint.path)] ??= {});
    const access = sources.accessOf(endpoint.name);
    for (const method of methodsOf(endpoint)) {
      const operation = operationOf(endpoint, access);
      // The same handler under two methods (GET and POST /reauthenticate) needs two ids.
      if (methodsOf(endpoint).length > 1) operation.operationId = `${endpoint.name}${method}`;
      item[method.toLowerCase()] = operation;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Polyblok API',
      version: sources.version,
      description:
        'The product API under /api (errors `{ code, message, details? }`) and the GoTrue-compatible auth API under /auth/v1. Scripts authenticate with a personal API token from the profile: `Authorization: Bearer pbk_…`, on /api only.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: errorComponents(),
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of a session, from POST /auth/v1/token (what the web app sends).',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'pbk_…',
          description:
            'A personal API token, made in the profile: it acts in its chosen spaces only, with the lower of its role and its creator’s. Accepted on /api, never on /auth/v1.',
        },
      },
    },
  };
}
