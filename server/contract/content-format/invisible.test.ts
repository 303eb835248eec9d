import { describe, expect, it } from 'vitest';
import { stripInvisible, stripInvisibleDeep } from './invisible.ts';
import { countWords } from './word-count.ts';

const hidden = 'Hello\u200b wor\u200cld\u2060\ufeff\u00ad\u202e';

describe('invisible characters', () => {
  it('are taken out of a text, and out of every text of a document', () => {
    expect(stripInvisible(hidden)).toBe('Hello world');
    expect(stripInvisible('Grüße, 世界 🎉')).toBe('Grüße, 世界 🎉');
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: hidden }] }] };
    expect(stripInvisibleDeep(doc)).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello world' }] }],
    });
  });

  it('neither make nor split words', () => {
    expect(countWords(hidden)).toBe(2);
    expect(countWords('\u200b \u200b')).toBe(0);
    expect(countWords('one\u200btwo')).toBe(1);
    // A byte-order mark is whitespace to a regular expression, but nothing to a reader.
    expect(countWords('one\ufefftwo')).toBe(1);
  });
});
