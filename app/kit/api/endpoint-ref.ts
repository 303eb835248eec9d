import type { Endpoint } from '#contract/endpoint.ts';

/**
 * A contract endpoint as the browser needs it: method and path, with the request and response
 * types of the contract's endpoint (imported as a type). The zod schemas stay out of the bundle:
 * zod alone is about 23 KiB gzip, more than the first route's budget has left. Each reference is
 * checked against the contract by a unit test, so a changed path fails there.
 */
export function endpointRef<E extends Endpoint>(method: E['method'], path: E['path']): E {
  return { method, path } as E;
}
