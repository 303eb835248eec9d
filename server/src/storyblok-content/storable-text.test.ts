import { describe, expect, it } from 'vitest';
import { fromStorable, fromStorableText, toStorable, toStorableText } from './storable-text.ts';

describe('text PostgreSQL can hold', () => {
  it('stores a NUL character as the symbol for null, and gives it back', () => {
    expect(toStorableText('a\u0000b')).toBe('a\u2400b');
    expect(fromStorableText('a\u2400b')).toBe('a\u0000b');
  });

  it('loses nothing when the text already holds the symbol or the escape character', () => {
    for (const text of ['␀', '\ue000', 'x\u0000␀\ue000\u0000', '\ue000\u2400', '\ue000\ue001', 'plain', '']) {
      const stored = toStorableText(text);
      expect(stored.includes('\u0000')).toBe(false);
      expect(fromStorableText(stored)).toBe(text);
    }
  });

  it('stores a lone surrogate as well-formed text, and gives it back', () => {
    for (const text of ['cut emoji \ud83d', '\udfff end', '\ud800\u0000', 'whole 😀 emoji']) {
      const stored = toStorableText(text);
      expect(stored.isWellFormed()).toBe(true);
      expect(fromStorableText(stored)).toBe(text);
    }
    expect(toStorableText('whole 😀 emoji')).toBe('whole 😀 emoji');
  });

  it('maps every string of a JSON value, field names too, and keeps a clean value as it is', () => {
    const value = { type: 'doc', content: [{ type: 'text', text: 'a\u0000' }], ['k\u0000']: 1, n: 2, t: true };
    const stored = toStorable(value);
    expect(JSON.stringify(stored).includes('\\u0000')).toBe(false);
    expect(fromStorable(stored)).toEqual(value);
    const clean = { a: ['b', { c: 'd' }] };
    expect(toStorable(clean)).toBe(clean);
    expect(fromStorable(clean)).toBe(clean);
  });
});
