import { describe, expect, it } from 'vitest';
import { buildPath, describeRoute, methodsOf, routes, routeUrl } from './routes.ts';

describe('buildPath', () => {
  it('fills parameters and encodes them so an id cannot add a path segment', () => {
    expect(buildPath('/api/spaces/:id/glossary_terms/:termId', { id: 4, termId: 'a/../b' })).toBe(
      '/api/spaces/4/glossary_terms/a%2F..%2Fb',
    );
  });

  it('names a missing parameter', () => {
    expect(() => buildPath('/api/spaces/:id', {})).toThrow('Missing path parameter "id" for /api/spaces/:id');
  });
});

describe('routeUrl', () => {
  it('builds a route of the table from its name, params and query', () => {
    expect(routeUrl('updateGlossaryTerm', { params: { id: 4, termId: 9 } })).toBe('/api/spaces/4/glossary_terms/9');
    expect(routeUrl('startStoryblokInstall', { query: { challenge: 'a b', none: undefined } })).toBe(
      '/api/connect/storyblok?challenge=a+b',
    );
    expect(routeUrl('getMe', { origin: 'https://polyblok.test' })).toBe('https://polyblok.test/api/me');
    expect(routeUrl('getRootFolder', { query: { locale: 'de', ids: [1, 2] } })).toBe(
      '/api/content/folder?locale=de&ids=1&ids=2',
    );
  });
});

describe('the route table', () => {
  it('has one route per method and path', () => {
    const seen = new Map<string, string>();
    for (const [name, route] of Object.entries(routes)) {
      for (const method of methodsOf(route)) {
        const key = `${method} ${route.path}`;
        expect(seen.get(key), `${name} repeats ${key}`).toBeUndefined();
        seen.set(key, name);
      }
    }
    expect(describeRoute(routes.reauthenticate)).toBe('GET|POST /auth/v1/reauthenticate');
  });

  it('keeps every path under /api or /auth/v1', () => {
    const outside = Object.entries(routes).filter(([, route]) => !/^\/(api|auth\/v1)\//.test(route.path));
    expect(outside).toEqual([]);
  });
});
