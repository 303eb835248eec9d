import { describe, expect, it } from 'vitest';
import { plainTextToRichtext } from './plain-to-richtext.ts';
import { segmentRichtext } from '#contract/content-format/richtext-segments.ts';
import { richtextToPlainText } from '#contract/content-format/richtext.ts';

const text = (value: string) => ({ type: 'text', text: value });

describe('plainTextToRichtext', () => {
  it('splits paragraphs on blank lines and turns single line breaks into hard breaks', () => {
    expect(plainTextToRichtext('Wetter für heute\nund morgen\n\nJetzt  kaufen!')).toStrictEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [text('Wetter für heute'), { type: 'hard_break' }, text('und morgen')] },
        { type: 'paragraph', content: [text('Jetzt  kaufen!')] },
      ],
    });
  });

  it('treats Windows line ends, runs of blank lines and lines of spaces as one paragraph break', () => {
    const expected = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [text('eins'), { type: 'hard_break' }, text('  zwei')] },
        { type: 'paragraph', content: [text('drei')] },
      ],
    };
    expect(plainTextToRichtext('\r\n\r\neins\r\n  zwei\r\n\r\n \t\r\n\r\ndrei\r\n\r\n')).toStrictEqual(expected);
    expect(plainTextToRichtext('eins\n  zwei\n   \ndrei')).toStrictEqual(expected);
  });

  it('gives one empty paragraph for empty or blank text', () => {
    for (const blank of ['', '   ', '\n\n', '\r\n \t\n']) {
      expect(plainTextToRichtext(blank)).toStrictEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    }
  });

  it('keeps angle brackets, ampersands and markup as plain characters', () => {
    const doc = plainTextToRichtext('<b>not bold</b> & <1>not a marker</1>');
    expect(doc.content).toStrictEqual([
      { type: 'paragraph', content: [text('<b>not bold</b> & <1>not a marker</1>')] },
    ]);
    expect(segmentRichtext(doc).segments[0]!.text).toBe(
      '&lt;b&gt;not bold&lt;/b&gt; &amp; &lt;1&gt;not a marker&lt;/1&gt;',
    );
  });

  it('reads back as the same text and segments like any richtext', () => {
    const typed = 'Sonnig, 24 °C.\nAm Abend Gewitter.\n\nMehr unter example.com';
    const doc = plainTextToRichtext(typed);
    expect(richtextToPlainText(doc)).toBe('Sonnig, 24 °C.\nAm Abend Gewitter.\nMehr unter example.com');
    const { segments, rebuild } = segmentRichtext(doc);
    expect(segments.map((segment) => segment.text)).toEqual([
      'Sonnig, 24 °C.<1/>Am Abend Gewitter.',
      'Mehr unter example.com',
    ]);
    expect(rebuild(Object.fromEntries(segments.map((segment) => [segment.id, segment.text]))).doc).toStrictEqual(doc);
  });
});
