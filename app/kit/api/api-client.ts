import type { Endpoint, EndpointResponse } from '#contract/endpoint.ts';
import type { Endpoints } from '#contract/endpoints.ts';
import type { CurrentTranslation, ErrorCode, ErrorDetail, IncompleteKey } from '#contract/errors.ts';
import {
  buildPath,
  methodsOf,
  queryString,
  routes,
  type ApiRouteName,
  type QueryValue,
  type Route,
} from '#contract/routes.ts';
import type { z } from 'zod';
import { createServerStatus, retryAfterSeconds, type ServerState, type ServerStatus } from './server-status.ts';

/** An API failure the UI can branch on by code; `network_error` (status 0) means the server was not reached. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'network_error';
  readonly status: number;
  readonly details: ErrorDetail[];
  /** With `translation_changed`: the translation as it stands now. */
  readonly current: CurrentTranslation | null;
  /** With `translation_incomplete`: the keys that keep the languages from being published. */
  readonly incompleteKeys: IncompleteKey[];

  constructor(
    code: ErrorCode | 'network_error',
    status: number,
    message: string,
    details: ErrorDetail[] = [],
    current: CurrentTranslation | null = null,
    incompleteKeys: IncompleteKey[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
    this.current = current;
    this.incompleteKeys = incompleteKeys;
  }
}

/** Whether a write was refused because someone changed the translation since it was read. */
export function isOvertaken(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'translation_changed';
}

type InputPart<S> = S extends z.ZodUndefined ? never : S extends z.ZodType ? z.input<S> : never;

/** What a call takes: the endpoint's params, query and body, each only when the endpoint declares it. */
export type CallInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? ([InputPart<P>] extends [never] ? object : { params: InputPart<P> }) &
        ([InputPart<Q>] extends [never] ? object : { query?: InputPart<Q> }) &
        ([InputPart<B>] extends [never] ? object : { body: InputPart<B> }) & {
          signal?: AbortSignal;
          /** A text body sent as it is, with this media type (an XLIFF file), rather than as JSON. */
          contentType?: string;
        }
    : never;

/**
 * The endpoints the client calls, by their name in the route table: the product API's (under /api). Only their
 * types come from the contract, so zod stays out of the bundle; the method and path come from the table.
 */
export type ApiEndpoints = Pick<Endpoints, ApiRouteName>;

export interface ApiClientOptions<M extends Record<string, Endpoint> = ApiEndpoints> {
  /** Origin of the Polyblok API; empty when the page is served by the API itself. */
  baseUrl?: string;
  /** The bearer token to send, when signed in. */
  getAccessToken?: () => string | null | Promise<string | null>;
  /** Called on a 401: refresh the session and answer true to have the request sent once more. */
  onUnauthorized?: () => Promise<boolean>;
  fetch?: typeof fetch;
  /** Where each name goes: the route table, unless a test calls endpoints of its own. */
  routes?: { [N in keyof M]: Pick<Route, 'method' | 'path'> };
  /** Where the client tells whether the server can save changes now; one of its own unless given. */
  serverStatus?: ServerStatus;
}

export interface ApiClient<M extends Record<string, Endpoint> = ApiEndpoints> {
  /** `api.call('saveTranslation', { body })`: the input and the answer are typed from the contract. */
  call<N extends keyof M & string>(name: N, input: CallInput<M[N]>): Promise<EndpointResponse<M[N]>>;
  /** Whether the server can save changes now, from the answers of this client's calls (the outage banner's). */
  readonly serverStatus: ServerStatus;
}

export function createApiClient<M extends Record<string, Endpoint> = ApiEndpoints>(
  options: ApiClientOptions<M> = {},
): ApiClient<M> {
  const baseUrl = options.baseUrl ?? '';
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const table: Readonly<Record<string, Pick<Route, 'method' | 'path'>>> = options.routes ?? routes;
  const serverStatus = options.serverStatus ?? createServerStatus();

  async function request(name: string, input: Record<string, unknown>, retried: boolean): Promise<unknown> {
    const route = table[name];
    if (!route) throw new Error(`No route named ${name}`);
    const url =
      baseUrl +
      buildPath(route.path, input.params as Record<string, string | number>) +
      queryString(input.query as Record<string, QueryValue> | undefined);
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = await options.getAccessToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (input.body !== undefined) {
      const contentType = input.contentType as string | undefined;
      headers['content-type'] = contentType ?? 'application/json';
      body = contentType ? String(input.body) : JSON.stringify(input.body);
    }
    let response: Response;
    try {
      response = await send(url, {
        method: methodsOf(route)[0],
        headers,
        body,
        signal: input.signal as AbortSignal | undefined,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      serverStatus.report({ kind: 'unreachable', retryAfterSeconds: null });
      throw new ApiError('network_error', 0, 'Polyblok cannot be reached. Check your connection and try again.');
    }
    if (response.status === 401 && !retried && options.onUnauthorized && (await options.onUnauthorized())) {
      return request(name, input, true);
    }
    if (!response.ok) {
      const error = await toApiError(response);
      serverStatus.report(stateAfter(error, response));
      throw error;
    }
    serverStatus.report({ kind: 'available' });
    if (response.status === 204) return undefined;
    const disposition = response.headers.get('content-disposition');
    if (disposition?.startsWith('attachment'))
      return { file_name: fileNameOf(disposition), document: await response.text() };
    return response.json();
  }

  return {
    call: (name, input) => request(name, input as Record<string, unknown>, false) as Promise<never>,
    serverStatus,
  };
}

/**
 * A download's name from its Content-Disposition (`attachment; filename="x.xlf"`): the server writes plain names,
 * and a file answer is read as `{ file_name, document }`, the contract's shape of it.
 */
function fileNameOf(disposition: string): string {
  const match = /filename="([^"]*)"/.exec(disposition) ?? /filename=([^;]+)/.exec(disposition);
  return match?.[1]?.trim() ?? 'download';
}

/** Polyblok answers its own errors in JSON; a bare 502–504 comes from a proxy in front of it that cannot reach it. */
function stateAfter(error: ApiError, response: Response): ServerState {
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  if (error.code === 'database_unavailable') return { kind: 'database_unavailable', retryAfterSeconds: retryAfter };
  if (error.code === 'internal_error' && response.status >= 502 && response.status <= 504) {
    return { kind: 'unreachable', retryAfterSeconds: retryAfter };
  }
  return { kind: 'available' };
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as {
    code?: unknown;
    message?: unknown;
    details?: unknown;
    current?: unknown;
    incomplete_keys?: unknown;
  } | null;
  if (body && typeof body.code === 'string' && typeof body.message === 'string') {
    return new ApiError(
      body.code as ErrorCode,
      response.status,
      body.message,
      Array.isArray(body.details) ? (body.details as ErrorDetail[]) : [],
      body.current && typeof body.current === 'object' ? (body.current as CurrentTranslation) : null,
      Array.isArray(body.incomplete_keys) ? (body.incomplete_keys as IncompleteKey[]) : [],
    );
  }
  return new ApiError(
    'internal_error',
    response.status,
    `Polyblok answered with an unexpected error (${response.status}).`,
  );
}
