import { buildPath, type Endpoint, type EndpointResponse } from '#contract/endpoint.ts';
import type { ErrorCode, ErrorDetail } from '#contract/errors.ts';
import type { z } from 'zod';

/** An API failure the UI can branch on by code; `network_error` (status 0) means the server was not reached. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'network_error';
  readonly status: number;
  readonly details: ErrorDetail[];

  constructor(code: ErrorCode | 'network_error', status: number, message: string, details: ErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

type InputPart<S> = S extends z.ZodUndefined ? never : S extends z.ZodType ? z.input<S> : never;

/** What a call takes: the endpoint's params, query and body, each only when the endpoint declares it. */
export type CallInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? ([InputPart<P>] extends [never] ? object : { params: InputPart<P> }) &
        ([InputPart<Q>] extends [never] ? object : { query?: InputPart<Q> }) &
        ([InputPart<B>] extends [never] ? object : { body: InputPart<B> }) & { signal?: AbortSignal }
    : never;

export interface ApiClientOptions {
  /** Origin of the Polyblok API; empty when the page is served by the API itself. */
  baseUrl?: string;
  /** The bearer token to send, when signed in. */
  getAccessToken?: () => string | null | Promise<string | null>;
  /** Called on a 401: refresh the session and answer true to have the request sent once more. */
  onUnauthorized?: () => Promise<boolean>;
  fetch?: typeof fetch;
}

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<EndpointResponse<E>>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function request(endpoint: Endpoint, input: Record<string, unknown>, retried: boolean): Promise<unknown> {
    const url =
      baseUrl + buildPath(endpoint.path, input.params as Record<string, string | number>) + queryString(input.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = await options.getAccessToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    let response: Response;
    try {
      response = await send(url, {
        method: endpoint.method,
        headers,
        body,
        signal: input.signal as AbortSignal | undefined,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError('network_error', 0, 'Polyblok cannot be reached. Check your connection and try again.');
    }
    if (response.status === 401 && !retried && options.onUnauthorized && (await options.onUnauthorized())) {
      return request(endpoint, input, true);
    }
    if (!response.ok) throw await toApiError(response);
    if (response.status === 204) return undefined;
    return response.json();
  }

  return {
    call: (endpoint, input) => request(endpoint, input as Record<string, unknown>, false) as Promise<never>,
  };
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as {
    code?: unknown;
    message?: unknown;
    details?: unknown;
  } | null;
  if (body && typeof body.code === 'string' && typeof body.message === 'string') {
    return new ApiError(
      body.code as ErrorCode,
      response.status,
      body.message,
      Array.isArray(body.details) ? (body.details as ErrorDetail[]) : [],
    );
  }
  return new ApiError(
    'internal_error',
    response.status,
    `Polyblok answered with an unexpected error (${response.status}).`,
  );
}
