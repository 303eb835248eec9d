import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff.ts';

const render = (before: string, after: string) =>
  wordDiff(before, after)
    .map((part) => (part.kind === 'same' ? part.text : part.kind === 'added' ? `{+${part.text}+}` : `[-${part.text}-]`))
    .join('');

describe('wordDiff', () => {
  it('shows a changed word as removed and added, the rest as it was', () => {
    expect(render('Read the blog today', 'Read the news today')).toBe('Read the [-blog-]{+news+} today');
  });

  it('aligns words that moved around insertions', () => {
    expect(render('Buy now', 'Buy our API now')).toBe('Buy {+our API +}now');
  });

  it('gives back both texts exactly', () => {
    const parts = wordDiff('one two three', 'zero one three four');
    expect(
      parts
        .filter((p) => p.kind !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe('one two three');
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe('zero one three four');
  });

  it('answers one same part for equal texts and handles empty ones', () => {
    expect(wordDiff('same text', 'same text')).toEqual([{ kind: 'same', text: 'same text' }]);
    expect(wordDiff('', 'new')).toEqual([{ kind: 'added', text: 'new' }]);
  });

  it('replaces the middle of very long texts without aligning every word', () => {
    const before = Array.from({ length: 800 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 800 }, (_, i) => `b${i}`).join(' ');
    const parts = wordDiff(`start ${before} end`, `start ${after} end`);
    expect(parts.map((p) => p.kind)).toEqual(['same', 'removed', 'added', 'same']);
  });
});
