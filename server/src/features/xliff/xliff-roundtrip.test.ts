import { describe, expect, it } from 'vitest';
import type { RichtextNode } from '#contract/content-format/richtext.ts';
import { segmentRichtext } from '#contract/content-format/richtext-segments.ts';
import { AppError } from '../../errors.ts';
import { sourceLanguageTag } from './source-language.ts';
import { decideUnit } from './xliff-decide.ts';
import { readXliff } from './xliff-read.ts';
import { unitParts, type KeySource } from './xliff-units.ts';
import { writeXliff } from './xliff-write.ts';

const link = { type: 'link', attrs: { href: '/blog', linktype: 'story' } };
const source: RichtextNode = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Read the ' },
        { type: 'text', text: 'blog', marks: [{ type: 'bold' }, link] },
        { type: 'hard_break' },
        { type: 'text', text: 'now & <then>', marks: [{ type: 'italic' }] },
      ],
    },
    { type: 'blok', attrs: { id: 'x', body: [{ _uid: 'u1', component: 'teaser' }] } },
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Title' }] },
  ],
};
const key = { fieldType: 'richtext', value: source, valueText: '' };

function exported(translation: unknown, fieldKey: KeySource = key) {
  const xml = writeXliff('en', 'de', [
    {
      id: '7',
      original: 'blog/post',
      units: [{ id: 'u:teaser:text', note: 'teaser › text', parts: unitParts(fieldKey, translation) }],
    },
  ]);
  return { xml, unit: readXliff(xml).files[0]!.units[0]! };
}

/** A translator's editor save: the source's blocks with these marker texts. */
const editorSave = (texts: string[]) =>
  segmentRichtext(source).rebuild(new Map(texts.map((text, index) => [`b${index}`, text]))).doc;

describe('XLIFF of a richtext key', () => {
  it('writes marks as <pc>, inline nodes and bloks as <ph>, text escaped, and reads back what it wrote', () => {
    const { xml, unit } = exported(null);
    expect(xml).toContain(
      '<pc id="b0-1" canCopy="no" canDelete="no" canOverlap="no" type="link" dispStart="bold + link /blog">blog</pc>',
    );
    expect(xml).toContain('<ph id="b0-2" canCopy="no" canDelete="no" type="fmt" subType="xlf:lb" disp="line break"/>');
    expect(xml).toContain('subType="xlf:i" dispStart="italic">now &amp; &lt;then&gt;</pc>');
    expect(xml).toMatch(/<ignorable id="k1">\s*<source><ph id="k1-1" [^>]*disp="blok: teaser"\/><\/source>/);
    expect(unit.segments.map((segment) => segment.id)).toEqual(['b0', 'b1']);
    expect(decideUnit(key, null, unit)).toEqual({ kind: 'unchanged' });
  });

  it('rebuilds the document the editor stores for the same texts, markers moved included', () => {
    const texts = ['<3>jetzt & <dann></3> <2/>Lies den <1>Blog</1>', 'Titel'];
    const { xml } = exported(null);
    const translated = xml
      .replace('<source>Title</source>', '<source>Title</source>\n<target>Titel</target>')
      .replace(
        /(<segment id="b0">\s*<source>.*<\/source>)/,
        '$1<target><pc id="b0-3">jetzt &amp; &lt;dann&gt;</pc> <ph id="b0-2"/>Lies den <pc id="b0-1">Blog</pc></target>',
      );
    const decision = decideUnit(key, null, readXliff(translated).files[0]!.units[0]!);
    expect(decision).toEqual({ kind: 'apply', value: editorSave(texts) });
    // Exported again with that translation, the file carries it as targets and importing it changes nothing.
    const stored = editorSave(texts);
    const again = exported(stored);
    expect(again.xml).toContain('<target>Titel</target>');
    expect(decideUnit(key, stored, again.unit)).toEqual({ kind: 'unchanged' });
  });

  it('refuses a target missing a code, and a source that changed since', () => {
    const { xml } = exported(editorSave(['Lies den <1>Blog</1><2/><3>jetzt</3>', 'Titel']));
    const dropped = xml.replace(/<target>Lies den <pc id="b0-1"[^>]*>Blog<\/pc>/, '<target>Lies den Blog');
    expect(decideUnit(key, null, readXliff(dropped).files[0]!.units[0]!)).toMatchObject({
      kind: 'skip',
      reason: 'invalid',
      message: expect.stringMatching(/marker <1>…<\/1> is missing/),
    });
    const changed = xml.replace('<source>Title</source>', '<source>Old title</source>');
    expect(decideUnit(key, null, readXliff(changed).files[0]!.units[0]!)).toMatchObject({ reason: 'source_changed' });
  });
});

describe('XLIFF of a richtext key with an image', () => {
  const image = { type: 'image', attrs: { id: 5, src: 'https://a.storyblok.com/f/1/x.png', alt: 'A map', title: '' } };
  const withImage: RichtextNode = {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'See ' }, image] }],
  };
  const imageKey = { fieldType: 'richtext', value: withImage, valueText: '' };

  it('exports the alt text as a segment of its own and takes its translation back into the image', () => {
    const { xml, unit } = exported(null, imageKey);
    expect(unit.segments.map((segment) => segment.id)).toEqual(['b0', 'i0.alt']);
    const translated = xml
      .replace(/(<segment id="b0">\s*<source>.*?<\/source>)/s, '$1<target>Siehe <ph id="b0-1"/></target>')
      .replace(/(<segment id="i0.alt">\s*<source>A map<\/source>)/, '$1<target>Eine Karte</target>');
    const decision = decideUnit(imageKey, null, readXliff(translated).files[0]!.units[0]!);
    const expected = segmentRichtext(withImage).rebuild({ b0: 'Siehe <1/>', 'i0.alt': 'Eine Karte' }).doc;
    expect(decision).toEqual({ kind: 'apply', value: expected });
    expect(JSON.stringify(expected)).toContain('"alt":"Eine Karte"');
    // The stored translation, whose image says something else, still lines up with the source.
    const again = exported(expected, imageKey);
    expect(again.xml).toContain('<target>Eine Karte</target>');
    expect(decideUnit(imageKey, expected, again.unit)).toEqual({ kind: 'unchanged' });
  });
});

describe('XLIFF of a text key', () => {
  const text = { fieldType: 'text', value: 'Hello <b> & "you"', valueText: 'Hello <b> & "you"' };
  it('keeps the text literal both ways and tells a new target from the stored one', () => {
    const { xml, unit } = exported('Hallo <b> & "du"', text);
    expect(xml).toContain('<target>Hallo &lt;b&gt; &amp; "du"</target>');
    expect(decideUnit(text, 'Hallo <b> & "du"', unit)).toEqual({ kind: 'unchanged' });
    expect(decideUnit(text, 'Servus', unit)).toEqual({ kind: 'apply', value: 'Hallo <b> & "du"' });
  });
});

it('writes characters XML cannot hold as <cp> and reads them back as they were', () => {
  const odd = { fieldType: 'text', value: 'bell\u0007 and \uD800 lone', valueText: '' };
  const { xml, unit } = exported(null, odd);
  expect(xml).toContain('<source>bell<cp hex="0007"/> and <cp hex="D800"/> lone</source>');
  expect(unit.segments[0]!.source).toEqual([{ kind: 'text', text: 'bell\u0007 and \uD800 lone' }]);
  expect(decideUnit(odd, null, unit)).toEqual({ kind: 'unchanged' });
});

describe('reading hostile XLIFF', () => {
  const refusal = (xml: string) => {
    try {
      readXliff(xml);
    } catch (error) {
      return error instanceof AppError ? error.code : 'other';
    }
    return 'read';
  };
  it('refuses DTDs and entities, malformed XML, other versions and deep nesting', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0">&b;</xliff>`;
    const external = `<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd"><xliff/>`;
    expect(refusal(laughs)).toBe('invalid_xliff');
    expect(refusal(external)).toBe('invalid_xliff');
    expect(refusal('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0">&undeclared;</xliff>')).toBe(
      'invalid_xliff',
    );
    expect(refusal('<xliff version="2.0"><file></xliff>')).toBe('invalid_xliff');
    expect(refusal('<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"/>')).toBe('invalid_xliff');
    expect(
      refusal(
        `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0">${'<g>'.repeat(500)}${'</g>'.repeat(500)}</xliff>`,
      ),
    ).toBe('invalid_xliff');
    expect(refusal('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" trgLang="de"/>')).toBe('read');
  });
});

describe('the source language', () => {
  it('is the code of the space’s default language name, or und', () => {
    expect(sourceLanguageTag('English')).toBe('en');
    expect(sourceLanguageTag('German')).toBe('de');
    expect(sourceLanguageTag('en_US')).toBe('en-US');
    expect(sourceLanguageTag('Default')).toBe('und');
    expect(sourceLanguageTag(null)).toBe('und');
  });
});
