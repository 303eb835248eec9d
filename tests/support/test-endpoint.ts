import type { z } from 'zod';
import type { Endpoint, EndpointSchemas } from '#contract/endpoint.ts';
import type { HttpMethod } from '#contract/routes.ts';

/**
 * An endpoint outside the route table, for tests that drive the binder or the client with routes of their own
 * (bound through `extraRoutes`; the start-up check counts only the table's routes). Named after its route.
 */
export function testEndpoint<
  Params extends z.ZodType = z.ZodUndefined,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
  Response extends z.ZodType = z.ZodType,
>(
  route: { method: HttpMethod; path: string } & EndpointSchemas<Params, Query, Body, Response>,
): Endpoint<Params, Query, Body, Response> & { method: HttpMethod } {
  return { name: `test ${route.method} ${route.path}`, ...route };
}
