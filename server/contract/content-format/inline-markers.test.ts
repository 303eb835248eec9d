import { describe, expect, it } from 'vitest';
import { escapeMarkerText, parseMarkers, unescapeMarkerText, validateMarkers } from './inline-markers.ts';

const source = 'Buy <1>Weather <2>API</2></1> today<3/> and <4>save</4>';

describe('validateMarkers', () => {
  it('accepts the same markers, moved, reordered and renested', () => {
    expect(validateMarkers(source, source)).toBeNull();
    expect(validateMarkers(source, '<4>Sparen</4> Sie<3/>: kaufen Sie heute <2>API</2> <1>Wetter</1>')).toBeNull();
    expect(validateMarkers(source, 'Heute<3 /> <1>Wetter-<2>API</2></1> kaufen und <4>sparen</4>')).toBeNull();
    expect(validateMarkers('no markers', 'keine Marker')).toBeNull();
    expect(validateMarkers('<1/> ', '<1/>')).toBeNull();
  });

  it.each([
    ['Buy Weather <2>API</2> today<3/> and <4>save</4>', 'marker <1>…</1> is missing'],
    ['Buy <1>Weather <2>API</2></1> today and <4>save</4>', 'marker <3/> is missing'],
    ['Buy <1>Weather <2>API</2></1> today<3/> and <4>save</4><5/>', 'unexpected marker <5/>'],
    ['Buy <1>Weather <2>API</2></1> today<3/> and <5>save</5>', 'marker <4>…</4> is missing'],
    ['Buy <1>Weather <2>API</2> today<3/> and <4>save</4>', '<1> is not closed'],
    ['Buy <1>Weather <2>API</1></2> today<3/> and <4>save</4>', '</1> closes <2>: markers are not well nested'],
    ['Buy </1>Weather <2>API</2> today<3/> and <4>save</4>', '</1> closes a marker that is not open'],
    ['Buy <1>Weather <2>API</2></1> today<3/> and <4/>save', 'marker 4 should be <4>…</4>'],
    ['Buy <1>Weather <2>API</2></1> today<3></3> and <4>save</4>', 'marker 3 should be <3/>'],
    ['Buy <1>Weather <1>API</1></1> today<3/> and <4>save</4>', 'marker 1 appears twice'],
    ['<1> </1><2></2><3/><4>\n</4>', 'the translation is empty'],
  ])('refuses %j: %s', (translated, reason) => {
    expect(validateMarkers(source, translated)).toBe(reason);
  });

  it('says when the source itself is broken', () => {
    expect(validateMarkers('<1>open', '<1>open</1>')).toBe('the source text has broken markers: <1> is not closed');
  });
});

describe('parseMarkers', () => {
  it('builds a tree and leaves text that only looks a little like a marker alone', () => {
    expect(parseMarkers('a <1>b <2/> <3>c</3></1> <x> < 4 > <5')).toEqual({
      ok: true,
      pieces: [
        { kind: 'text', text: 'a ' },
        {
          kind: 'pair',
          n: 1,
          children: [
            { kind: 'text', text: 'b ' },
            { kind: 'atom', n: 2 },
            { kind: 'text', text: ' ' },
            { kind: 'pair', n: 3, children: [{ kind: 'text', text: 'c' }] },
          ],
        },
        { kind: 'text', text: ' <x> < 4 > <5' },
      ],
    });
  });
});

describe('escapeMarkerText', () => {
  it('round-trips text full of angle brackets and entities', () => {
    const text = '1 < 2 > 0 & <1> </2> <3/> &lt; &amp;amp;';
    const escaped = escapeMarkerText(text);
    expect(escaped).toBe('1 &lt; 2 &gt; 0 &amp; &lt;1&gt; &lt;/2&gt; &lt;3/&gt; &amp;lt; &amp;amp;amp;');
    expect(parseMarkers(escaped)).toEqual({ ok: true, pieces: [{ kind: 'text', text: escaped }] });
    expect(unescapeMarkerText(escaped)).toBe(text);
  });
});
