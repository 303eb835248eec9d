import { describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { RouteRegistry } from './route-registry.ts';

describe('the route registry', () => {
  it('refuses a route of the table bound twice, naming it', () => {
    const registry = new RouteRegistry();
    registry.record(endpoints.getMe);
    expect(() => registry.record(endpoints.getMe)).toThrow('Route getMe (GET /api/me) is bound twice');
  });

  it('names every JSON route nobody bound, and is content once all are', () => {
    const registry = new RouteRegistry();
    for (const endpoint of Object.values(endpoints)) if (endpoint.name !== 'deleteSpace') registry.record(endpoint);
    expect(() => registry.assertComplete()).toThrow(
      'Routes of the table that no handler is bound to: deleteSpace (DELETE /api/spaces/:id)',
    );
    registry.record(endpoints.deleteSpace);
    expect(() => registry.assertComplete()).not.toThrow();
  });

  it('refuses an endpoint that claims a name of the table with another route, and ignores the tests’ own', () => {
    const registry = new RouteRegistry();
    expect(() => registry.record({ ...endpoints.getMe, path: '/api/me/too' })).toThrow(
      'Endpoint getMe is GET /api/me/too, the route table says GET /api/me',
    );
    expect(() => registry.record({ ...endpoints.getMe, name: 'test GET /api/me' })).not.toThrow();
  });
});
