import type { z } from 'zod';
import type { Role } from './roles.ts';
import { routes, type Route, type JsonRouteName } from './routes.ts';

/**
 * One endpoint of the HTTP contract: a route of the table (name, method, path) with its schemas. The server
 * binds a handler to it, clients call it by name, and both get their types from the same schemas.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> extends EndpointSchemas<Params, Query, Body, Response> {
  /** Its name in the route table (routes.ts), where its method and path are declared. */
  name: string;
  method: Route['method'];
  /** Express-style path with `:name` parameters, from the site's root. */
  path: string;
}

/** What an endpoint file declares about a route of the table. */
export interface EndpointSchemas<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  params?: Params;
  query?: Query;
  body?: Body;
  /** The answer; for a redirect (a 3xx `status`), the address it sends the browser to. */
  response: Response;
  /**
   * The answer goes out as a file of this media type rather than JSON (the `response` schema is what the server
   * checks before it sends the file).
   */
  answerMediaType?: string;
  /** The body is a document of this media type (read as text), not JSON. */
  bodyMediaType?: string;
  /** Status of a successful answer; 200 unless said otherwise. */
  status?: number;
  /** Other statuses answered with the same schema (health answers 503 with its report when a part is down). */
  alsoStatuses?: number[];
  /**
   * The least role in the space the endpoint acts on (viewer < translator < editor < admin < owner). Set for
   * every endpoint that touches a space; the server checks the caller's joined membership before the handler.
   */
  role?: Role;
}

/** The contract endpoint of a route of the table: its method and path come from the table. */
export function defineEndpoint<
  N extends JsonRouteName,
  Params extends z.ZodType = z.ZodUndefined,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
  Response extends z.ZodType = z.ZodType,
>(
  name: N,
  schemas: EndpointSchemas<Params, Query, Body, Response>,
): Endpoint<Params, Query, Body, Response> & { name: N } {
  const { method, path } = routes[name];
  return { name, method, path, ...schemas };
}

export type EndpointParams<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type EndpointQuery<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type EndpointBody<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type EndpointResponse<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
