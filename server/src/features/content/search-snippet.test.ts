import { describe, expect, it } from 'vitest';
import { cutAround } from './search-snippet.ts';

describe('cutAround', () => {
  it('leaves a short text as it is', () => {
    expect(cutAround('Un café au lait', 'cafe', 40)).toBe('Un café au lait');
  });

  it('cuts a long text around the first hit, marking the cuts', () => {
    const text = `${'word '.repeat(100)}the Café is open ${'more '.repeat(100)}`;
    const snippet = cutAround(text, 'CAFE', 120);
    expect(snippet).toMatch(/^….*the Café is open.*…$/);
    expect(snippet.length).toBeLessThanOrEqual(122);
    expect(snippet.startsWith('…word ')).toBe(true);
  });

  it('keeps the start of a long text without a hit, and the end when the hit is last', () => {
    const text = 'x'.repeat(500);
    expect(cutAround(text, undefined, 100)).toBe(`${'x'.repeat(100)}…`);
    expect(cutAround(`${text} café`, 'café', 100)).toBe(`…${`${text} café`.slice(-100)}`);
  });
});
