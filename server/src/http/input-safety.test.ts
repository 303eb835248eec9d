import { describe, expect, it } from 'vitest';
import { findUnsafeInput } from './input-safety.ts';

describe('findUnsafeInput', () => {
  it('accepts ordinary nested input, emoji and right-to-left text', () => {
    expect(findUnsafeInput({ a: [{ b: 'ok 👩‍👩‍👧 שלום' }], n: 1, nil: null }, 'body')).toBeNull();
  });

  it('finds a NUL character with its path', () => {
    expect(findUnsafeInput({ a: [{ b: 'x\u0000' }] }, 'body')).toEqual({
      path: 'body.a.0.b',
      message: 'Text must not contain NUL characters',
    });
  });

  it('finds a lone surrogate in a value and in a key', () => {
    expect(findUnsafeInput({ a: '\ud800' }, 'body')?.path).toBe('body.a');
    expect(findUnsafeInput({ ['k\udc00']: 1 }, 'query')?.message).toMatch(/^Field name: .*lone surrogate/);
  });

  it('stops at the depth limit exactly', () => {
    const nest = (levels: number) => {
      let value: unknown = 'leaf';
      for (let i = 0; i < levels; i += 1) value = [value];
      return value;
    };
    expect(findUnsafeInput(nest(3), 'body', 3)).toBeNull();
    expect(findUnsafeInput(nest(4), 'body', 3)?.message).toBe('Nesting deeper than 3 levels is not accepted');
  });

  it('walks 100 000 levels without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(findUnsafeInput(deep, 'body')?.message).toMatch(/deeper than 64/);
  });
});
