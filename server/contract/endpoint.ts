import type { z } from 'zod';
import type { Role } from './roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the HTTP contract: the server binds a handler to it, clients call it, and both get
 * their types from the same schemas.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Express-style path with `:name` parameters, starting with /api. */
  path: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Status of a successful answer; 200 unless said otherwise. */
  status?: number;
  /**
   * The least role in the space the endpoint acts on (viewer < translator < editor < admin < owner). Set for
   * every endpoint that touches a space; the server checks the caller's joined membership before the handler.
   */
  role?: Role;
}

export function defineEndpoint<
  Params extends z.ZodType = z.ZodUndefined,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
  Response extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return endpoint;
}

export type EndpointParams<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type EndpointQuery<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type EndpointBody<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type EndpointResponse<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:name` segments of a path; each value is URI-encoded so an id can never add a segment. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
