import type { z } from 'zod';
import type { Endpoint } from '#contract/endpoint.ts';
import type { CurrentTranslation, ErrorCode, IncompleteKey } from '#contract/errors.ts';
import { createApiClient, type ApiClient } from '../api/api-client.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler is given: the request as the server would parse it with the contract's schemas. */
export interface FakeRequest<E extends Endpoint> {
  params: Parsed<NonNullable<E['params']>>;
  query: Parsed<NonNullable<E['query']>>;
  body: Parsed<NonNullable<E['body']>>;
}

/** An error answer in the contract's error shape. */
export class FakeFailure {
  readonly status: number;
  readonly code: ErrorCode;
  readonly message: string;
  readonly current: CurrentTranslation | undefined;
  /** The keys a `translation_incomplete` answer lists. */
  incompleteKeys: IncompleteKey[] | undefined;

  constructor(status: number, code: ErrorCode, message: string, current?: CurrentTranslation) {
    this.status = status;
    this.code = code;
    this.message = message;
    this.current = current;
  }
}

export const fail = (status: number, code: ErrorCode, message: string, current?: CurrentTranslation) =>
  new FakeFailure(status, code, message, current);

type Answer<E extends Endpoint> = z.input<E['response']> | FakeFailure;
export type FakeHandler<E extends Endpoint> = (request: FakeRequest<E>) => Answer<E> | Promise<Answer<E>>;

interface Route {
  endpoint: Endpoint;
  pattern: RegExp;
  handler: FakeHandler<Endpoint>;
}

export interface FakeCall {
  endpoint: Endpoint;
  params: unknown;
  query: unknown;
  body: unknown;
}

export interface FakeApi {
  /** A real ApiClient whose `fetch` is answered here. */
  client: ApiClient;
  /** Answers an endpoint of the contract; a later handler for the same endpoint replaces the earlier one. */
  on<E extends Endpoint>(endpoint: E, handler: FakeHandler<E>): FakeApi;
  /** What was asked of an endpoint, parsed with its schemas, oldest first. */
  callsTo<E extends Endpoint>(endpoint: E): Array<FakeRequest<E>>;
}

const problems: string[] = [];

/** Requests no handler answered and answers the contract refuses; the DOM setup fails the test on any. */
export function takeFakeApiProblems(): string[] {
  return problems.splice(0);
}

function pathPattern(path: string): RegExp {
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]\w*)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/**
 * The Polyblok API as a component test needs it: each endpoint answered by a handler, every request and every
 * answer checked against the contract's schemas, as the server's own binder does.
 */
export function fakeApi(): FakeApi {
  const routes: Route[] = [];
  const calls: FakeCall[] = [];

  async function answer(url: string, init: RequestInit = {}): Promise<Response> {
    const { pathname, searchParams } = new URL(url, 'http://polyblok.test');
    const method = init.method ?? 'GET';
    const found = routes
      .map((route) => ({ route, match: route.pattern.exec(pathname) }))
      .find(({ route, match }) => match && route.endpoint.method === method);
    if (!found?.match) {
      problems.push(`${method} ${pathname}: no handler`);
      return json(404, { code: 'route_not_found', message: `No handler for ${method} ${pathname}` });
    }
    const { endpoint, handler } = found.route;
    const parsed = {
      params: endpoint.params?.safeParse(found.match.groups ?? {}),
      query: endpoint.query?.safeParse(queryObject(searchParams)),
      body: endpoint.body?.safeParse(typeof init.body === 'string' ? JSON.parse(init.body) : undefined),
    };
    const refused = Object.entries(parsed).filter(([, result]) => result && !result.success);
    if (refused.length > 0) {
      problems.push(`${method} ${pathname}: the contract refuses the ${refused.map(([part]) => part).join(', ')}`);
      return json(400, { code: 'invalid_request', message: 'The request does not match the contract.' });
    }
    const request = { params: parsed.params?.data, query: parsed.query?.data, body: parsed.body?.data };
    calls.push({ endpoint, ...request });
    const result = await (handler as (request: unknown) => unknown)(request);
    if (result instanceof FakeFailure) {
      const { status, code, message, current, incompleteKeys } = result;
      return json(status, {
        code,
        message,
        ...(current ? { current } : {}),
        ...(incompleteKeys ? { incomplete_keys: incompleteKeys } : {}),
      });
    }
    const response = endpoint.response.safeParse(result);
    if (!response.success) {
      problems.push(`${method} ${pathname}: the answer does not match the contract: ${response.error.message}`);
      return json(500, { code: 'internal_error', message: 'The fake answer does not match the contract.' });
    }
    const status = endpoint.status ?? 200;
    return status === 204 ? new Response(null, { status }) : json(status, response.data);
  }

  const api: FakeApi = {
    client: createApiClient({ fetch: (input, init) => answer(String(input), init) }),
    on(endpoint, handler) {
      const others = routes.filter((route) => route.endpoint !== endpoint);
      routes.splice(0, routes.length, ...others, {
        endpoint,
        pattern: pathPattern(endpoint.path),
        handler: handler as FakeHandler<Endpoint>,
      });
      return api;
    },
    callsTo<E extends Endpoint>(endpoint: E) {
      return calls.filter((call) => call.endpoint === endpoint) as unknown as Array<FakeRequest<E>>;
    },
  };
  return api;
}

/** A promise the test settles when it wants: for what a component shows while it waits for an answer. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
