import { describe, expect, it } from 'vitest';
import { runAtOnce } from '../time-slices.ts';
import { canonicalJson, contentHash, contentHashSteps } from './content-hash.ts';

describe('content hashes', () => {
  it('do not depend on the order of object keys', () => {
    expect(contentHash({ a: 1, b: [1, { c: 'x', d: null }] })).toBe(contentHash({ b: [1, { d: null, c: 'x' }], a: 1 }));
    expect(canonicalJson({ b: 1, a: undefined, c: [undefined] })).toBe('{"b":1,"c":[null]}');
  });

  it('come out the same in steps as at once, for every kind of value', () => {
    const big = {
      _uid: 'home',
      component: 'page',
      body: Array.from({ length: 3000 }, (_, index) => ({
        _uid: `b-${index}`,
        component: 'teaser',
        headline: `Teaser ${index} “quoted” \\ ${'x'.repeat(index % 50)}`,
        n: index / 7,
        flag: index % 2 === 0,
        empty: null,
        gone: undefined,
        doc: { type: 'doc', content: [{ type: 'text', text: 'ü\u2028' }] },
      })),
    };
    for (const value of [big, 'plain text', 42, null, [], {}, [1, 'two', { three: 3 }], { z: { y: { x: [[]] } } }]) {
      expect(runAtOnce(contentHashSteps(value))).toBe(contentHash(value));
    }
  });
});
