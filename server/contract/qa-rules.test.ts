import { describe, expect, it } from 'vitest';
import { checkTranslation, type QaSubject } from './qa-rules.ts';

const text = (source: string, translation: string, extra: Partial<QaSubject> = {}) =>
  checkTranslation({
    fieldType: 'text',
    source,
    translation,
    sourceText: source,
    translationText: translation,
    ...extra,
  });
const codes = (source: string, translation: string) => text(source, translation).map((problem) => problem.code);

describe('checks of a translation against its source', () => {
  it('finds nothing wrong in a faithful translation, and nothing in a key without one', () => {
    expect(text('Hello {name}, you have 3 new messages.', 'Hallo {name}, Sie haben 3 neue Nachrichten.')).toEqual([]);
    expect(text('Hello', '')).toEqual([]);
  });

  it('finds placeholders lost or added, in every notation', () => {
    expect(codes('Hi {name}', 'Hallo')).toEqual(['placeholder_missing']);
    expect(codes('Hi {{ name }}', 'Hallo')).toEqual(['placeholder_missing']);
    expect(codes('%1$s of %2$s', '%1$s von')).toEqual(['placeholder_missing']);
    expect(codes('Saved %s', 'Gespeichert')).toEqual(['placeholder_missing']);
    expect(codes('Hello :name', 'Hallo')).toEqual(['placeholder_missing']);
    expect(codes('Hello', 'Hallo {name}')).toEqual(['placeholder_extra']);
    expect(text('Hi {name}', 'Hallo')[0]!.message).toBe('The translation lacks the placeholder “{name}”.');
    // A colon in running text or a time is no placeholder.
    expect(codes('Note: at 10:30', 'Hinweis: um 10:30')).toEqual([]);
  });

  it('finds markup that differs: HTML tags, Markdown links and strong text', () => {
    expect(codes('<b>Sale</b> now', 'Jetzt Ausverkauf')).toEqual(['markup_mismatch']);
    expect(codes('<a href="/x">Go</a>', '<a href="/y">Los</a>')).toEqual([]);
    expect(codes('See [the docs](https://a.io/docs)', 'Siehe die Doku')).toEqual(['markup_mismatch', 'url_changed']);
    expect(codes('**New**', 'Neu')).toEqual(['markup_mismatch']);
  });

  it('finds richtext marks and embedded bloks the translation lost', () => {
    const doc = (marks: string[], blok = false) => ({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Hello', marks: marks.map((type) => ({ type })) }] },
        ...(blok ? [{ type: 'blok', attrs: { body: [{ component: 'cta' }] } }] : []),
      ],
    });
    const check = (source: unknown, translation: unknown) =>
      checkTranslation({ fieldType: 'richtext', source, translation, sourceText: 'Hello', translationText: 'Hallo' });
    expect(check(doc(['bold'], true), doc(['bold'], true))).toEqual([]);
    expect(check(doc(['bold'], true), doc([], true))[0]).toMatchObject({
      code: 'markup_mismatch',
      message: 'The formatting differs from the source: the translation lacks “bold”.',
    });
    expect(check(doc([], true), doc([]))).toMatchObject([{ code: 'markup_mismatch' }]);
  });

  it('compares numbers whatever their separators, outside addresses and placeholders', () => {
    expect(codes('Only 1,000.50 EUR', 'Nur 1.000,50 EUR')).toEqual([]);
    expect(codes('Only 1 000 left', 'Nur 1.000 übrig')).toEqual([]);
    expect(codes('Save 20%', 'Spare 25 %')).toEqual(['number_mismatch']);
    expect(codes('Call us', 'Rufen Sie 0800 an')).toEqual(['number_mismatch']);
    expect(codes('Visit https://shop.example/2024', 'Besuchen Sie https://shop.example/2024')).toEqual([]);
  });

  it('finds an address that changed', () => {
    expect(codes('Read https://example.com/guide.', 'Lies https://example.de/guide.')).toEqual(['url_changed']);
    expect(codes('Read https://example.com/guide.', 'Lies https://example.com/guide!')).toEqual([]);
  });

  it('names glossary terms the translation does not follow', () => {
    expect(text('The blog', 'Der Blog', { glossaryMissing: [{ term: 'blog', expected: 'Weblog' }] })).toEqual([
      { code: 'glossary_term_missing', message: '“blog” should be translated as “Weblog”.' },
    ]);
  });

  it('finds words the style guide says to avoid, as whole words in any case', () => {
    const avoid = ['du', 'super cool', 'C++'];
    const found = (translation: string) => text('Hello', translation, { avoid }).map((problem) => problem.message);
    expect(found('Hast du Zeit?')).toEqual(['The translation uses “du”, which the style guide says to avoid.']);
    expect(found('Das ist SUPER COOL')).toEqual([
      'The translation uses “super cool”, which the style guide says to avoid.',
    ]);
    expect(found('Wir lieben C++')).toEqual(['The translation uses “C++”, which the style guide says to avoid.']);
    // Inside a longer word it is another word.
    expect(found('Dusche und Duft')).toEqual([]);
  });

  it('finds a translation longer than its field takes', () => {
    expect(text('Hello', 'Hallo Welt', { maxLength: 5 })).toEqual([
      { code: 'too_long', message: 'The translation has 10 characters; the field takes at most 5.' },
    ]);
    expect(text('Hello', 'Hallo', { maxLength: 5 })).toEqual([]);
    expect(text('Hello', 'Hallo Welt', { maxLength: null })).toEqual([]);
  });

  it('finds spaces the source does not have', () => {
    expect(codes('Hello', ' Hallo')).toEqual(['whitespace']);
    expect(codes('Hello', 'Hallo ')).toEqual(['whitespace']);
    expect(codes('Hello world', 'Hallo  Welt')).toEqual(['whitespace']);
    expect(codes('Hello ', 'Hallo ')).toEqual([]);
  });

  it('finds invisible characters, and checks the rest as if they were not there', () => {
    const problems = text('Hello {name}', 'Hallo\u200b {name}\ufeff');
    expect(problems).toEqual([
      { code: 'invisible_characters', message: 'The translation holds 2 invisible character(s) (U+200B, U+FEFF).' },
    ]);
  });
});
