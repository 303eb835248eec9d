import { describe, expect, it } from 'vitest';
import { buildPath } from './endpoint.ts';

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
