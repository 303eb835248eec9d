import { describe, expect, it } from 'vitest';
import type { RichtextNode } from '#contract/content-format/richtext.ts';
import {
  type DraftValue,
  answerValue,
  blockProblems,
  canSave,
  keptNodeCount,
  readableText,
  sameValue,
  savedValue,
  segmentLabel,
  segmentsOf,
  sourceValue,
  valueToSave,
} from './key-draft.ts';

const link = { type: 'link', attrs: { href: '/blog', linktype: 'story', uuid: 'u1', anchor: null, target: '_self' } };
const source: RichtextNode = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Read the ' },
        { type: 'text', text: 'blog', marks: [{ type: 'bold' }, link] },
      ],
    },
    { type: 'blok', attrs: { id: 'x', body: [{ _uid: 'b1', component: 'cta' }] } },
    { type: 'code_block', content: [{ type: 'text', text: 'npm start' }] },
    {
      type: 'paragraph',
      content: [{ type: 'text', text: 'Line' }, { type: 'hard_break' }, { type: 'text', text: 'two' }],
    },
  ],
};

const richKey = (translated: unknown = null) => ({
  field_type: 'richtext',
  value: source,
  translated_key_value: translated,
});

/** The source's structure with these block texts, as a translator would have typed them. */
function typed(texts: string[]): DraftValue {
  const value = sourceValue(richKey());
  if (value.kind !== 'richtext') throw new Error('richtext expected');
  return { ...value, texts };
}

describe('richtext drafts', () => {
  it('start from the source blocks, empty, when there is no translation', () => {
    const value = savedValue(richKey());
    expect(value).toEqual({ kind: 'richtext', base: source, texts: ['', ''] });
    // Nothing typed: nothing to save, and nothing to complain about.
    expect(blockProblems(value)).toEqual([null, null]);
  });

  it('rebuild the document with the typed text and every mark, link, blok and code block in place', () => {
    const value = typed(['Lies den <1>Blog</1>', 'Zeile<1/>zwei']);
    expect(canSave(value)).toBe(true);
    const doc = valueToSave(value) as RichtextNode;
    expect(doc.content![0]!.content).toEqual([
      { type: 'text', text: 'Lies den ' },
      { type: 'text', text: 'Blog', marks: [{ type: 'bold' }, link] },
    ]);
    expect(doc.content![1]).toEqual(source.content![1]);
    expect(doc.content![2]).toEqual(source.content![2]);
    expect(doc.content![3]!.content!.map((node) => node.type)).toEqual(['text', 'hard_break', 'text']);
  });

  it('refuse a block that lost a marker or was left empty, naming the problem', () => {
    const value = typed(['Lies den Blog', '']);
    const problems = blockProblems(value);
    expect(problems[0]).toMatch(/^Marker <1>…<\/1> is missing/);
    expect(problems[1]).toBe('This block is not translated yet.');
    expect(canSave(value)).toBe(false);
  });

  it('clear every block to remove the translation', () => {
    const value = savedValue(
      richKey({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hallo' }] }] }),
    );
    expect(value.kind === 'richtext' && value.texts).toEqual(['Hallo']);
    if (value.kind !== 'richtext') throw new Error('richtext expected');
    const cleared: DraftValue = { ...value, texts: [''] };
    expect(canSave(cleared)).toBe(true);
    expect(valueToSave(cleared)).toBe('');
  });

  it('edit a saved translation in its own structure', () => {
    const saved = {
      type: 'doc',
      content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Titel' }] }],
    };
    const value = savedValue(richKey(saved));
    expect(value).toMatchObject({ base: saved, texts: ['Titel'] });
  });

  it('take an AI answer as the new structure and compare values by content', () => {
    const answer = structuredClone(source);
    const value = answerValue(richKey(), answer);
    expect(value.kind === 'richtext' && value.texts).toEqual(['Read the <1>blog</1>', 'Line<1/>two']);
    expect(sameValue(value, sourceValue(richKey()))).toBe(true);
    expect(sameValue(value, savedValue(richKey()))).toBe(false);
  });

  it('count the code blocks and bloks that are carried through untouched', () => {
    expect(keptNodeCount(source)).toBe(2);
  });

  it('count the words a reader sees, without markers', () => {
    const value = typed(['Lies den <1>Blog &amp; mehr</1>', 'Zeile<1/>zwei']);
    expect(readableText(value, 'richtext')).toBe('Lies den Blog & mehr\nZeilezwei');
  });
});

describe('richtext drafts with an image', () => {
  const image = {
    type: 'image',
    attrs: { id: 3, src: 'https://a.storyblok.com/f/1/x.png', alt: 'A map', title: 'Map' },
  };
  const withImage: RichtextNode = {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: 'First' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'See ' }, image] },
    ],
  };

  it('edit the alt text and title as fields of their own, named after their image', () => {
    const { segments } = segmentsOf(withImage);
    expect(segments.map((_, index) => segmentLabel('Translation', segments, index))).toEqual([
      'Translation, block 1 of 2',
      'Translation, block 2 of 2',
      'Translation, alt text of image 1',
      'Translation, title of image 1',
    ]);
    const draft = savedValue({ field_type: 'richtext', value: withImage, translated_key_value: null });
    const typed: DraftValue = { ...draft, texts: ['Erstens', 'Siehe <1/>', '', 'Karte'] } as DraftValue;
    expect(blockProblems(typed)).toEqual([null, null, 'This image text is not translated yet.', null]);
    const saved = valueToSave({ ...typed, texts: ['Erstens', 'Siehe <1/>', 'Eine Karte', 'Karte'] } as DraftValue);
    expect(JSON.stringify(saved)).toContain('"alt":"Eine Karte","title":"Karte"');
  });
});

describe('text drafts', () => {
  it('edit text fields as text and read Markdown without its syntax', () => {
    const key = { field_type: 'markdown', value: '# Hi', translated_key_value: '# **Hallo**' };
    const value = savedValue(key);
    expect(value).toEqual({ kind: 'text', text: '# **Hallo**' });
    expect(readableText(value, 'markdown')).toBe('Hallo');
    expect(sourceValue(key)).toEqual({ kind: 'text', text: '# Hi' });
    expect(valueToSave(value)).toBe('# **Hallo**');
  });

  it('copy the source without its invisible characters', () => {
    const key = { field_type: 'text', value: '\u200bHello\u2060 world\ufeff', translated_key_value: null };
    expect(sourceValue(key)).toEqual({ kind: 'text', text: 'Hello world' });
    const hidden = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi\u200b there' }] }],
    };
    const copied = sourceValue({ field_type: 'richtext', value: hidden, translated_key_value: null });
    expect(copied.kind === 'richtext' && copied.texts).toEqual(['Hi there']);
  });
});
