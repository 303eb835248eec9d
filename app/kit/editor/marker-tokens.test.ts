import { describe, expect, it } from 'vitest';
import { describeMarker, missingMarkers, serializeTokens, tokenizeMarkers } from './marker-tokens.ts';

describe('marker tokens', () => {
  it('cut a marker string into unescaped text and chips, and back byte for byte', () => {
    const value = 'Read <1>the &lt;blog&gt;</1><2/> now';
    const tokens = tokenizeMarkers(value);
    expect(tokens).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'open', n: 1 },
      { kind: 'text', text: 'the <blog>' },
      { kind: 'close', n: 1 },
      { kind: 'atom', n: 2 },
      { kind: 'text', text: ' now' },
    ]);
    expect(serializeTokens(tokens)).toBe(value);
  });

  it('name the markers a translation lost, and which end of a pair', () => {
    expect(missingMarkers('<1>a</1> <2/> <3>b</3> <4>c</4>', '<1>x <3>y</3> </4>')).toEqual([
      { n: 1, kind: 'close' },
      { n: 2, kind: 'atom' },
      { n: 4, kind: 'open' },
    ]);
    expect(missingMarkers('<1>a</1>', 'x')).toEqual([{ n: 1, kind: 'pair' }]);
    expect(missingMarkers('<1>a</1>', 'x <1>a</1>')).toEqual([]);
  });

  it('describe what a chip stands for', () => {
    expect(
      describeMarker({ kind: 'pair', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: '/blog' } }] }),
    ).toEqual({ label: 'Bold + Link to /blog', tone: 'link' });
    expect(describeMarker({ kind: 'atom', node: { type: 'hard_break' } })).toEqual({
      label: 'Line break',
      tone: 'atom',
    });
    expect(describeMarker({ kind: 'pair', marks: [{ type: 'italic' }] }).tone).toBe('format');
  });
});
