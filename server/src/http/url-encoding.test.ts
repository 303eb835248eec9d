import { describe, expect, it } from 'vitest';
import { malformedUrlPart } from './url-encoding.ts';

describe('malformedUrlPart', () => {
  it.each(['/api/spaces/1/settings', '/api/content/folder?locale=de&space_id=2', '/caf%C3%A9?q=%F0%9F%98%80+x', '/'])(
    'accepts %s',
    (url) => {
      expect(malformedUrlPart(url)).toBeNull();
    },
  );

  it.each([
    ['an overlong slash', '/api/spaces/%C0%AF/settings'],
    ['a lone percent', '/api/spaces/%/settings'],
    ['an escape that is not hex', '/api/%zz'],
    ['a truncated sequence', '/api/%E2%82'],
    ['an encoded lone surrogate', '/api/%ED%A0%80'],
  ])('finds %s in the path', (_label, url) => {
    expect(malformedUrlPart(`${url}?locale=de`)).toEqual({
      path: 'params',
      message: 'The path has a malformed percent-encoding',
    });
  });

  it('finds one in the query, in a name or a value', () => {
    const problem = { path: 'query', message: 'The query string has a malformed percent-encoding' };
    expect(malformedUrlPart('/api/content/folder?locale=%C0%AF')).toEqual(problem);
    expect(malformedUrlPart('/api/content/folder?%=1')).toEqual(problem);
  });
});
