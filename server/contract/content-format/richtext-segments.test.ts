import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { segmentRichtext } from './richtext-segments.ts';
import { type RichtextNode, richtextToPlainText } from './richtext.ts';

// Read, not imported: server code may not import from tests/ (eslint boundaries), fixtures included.
const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../tests/fixtures/richtext/${name}.json`, import.meta.url), 'utf8'),
  ) as RichtextNode;

const landing = fixture('landing-page');
const blog = fixture('blog-post');

const ownTexts = (doc: RichtextNode) =>
  Object.fromEntries(segmentRichtext(doc).segments.map((segment) => [segment.id, segment.text]));

/** What ProseMirror (and so Storyblok's editor) needs to load a document, plus our normal form for inline runs. */
function expectValid(node: RichtextNode): void {
  expect(typeof node.type).toBe('string');
  if (node.type === 'text') {
    expect(typeof node.text === 'string' && node.text !== '').toBe(true);
    expect(node.content).toBeUndefined();
  }
  for (const mark of node.marks ?? []) expect(typeof mark.type).toBe('string');
  const content = node.content ?? [];
  content.forEach((child, index) => {
    const previous = content[index - 1];
    if (child.type === 'text' && previous?.type === 'text') {
      expect(JSON.stringify(child.marks ?? [])).not.toBe(JSON.stringify(previous.marks ?? []));
    }
    expectValid(child);
  });
}

/** A stand-in translation: reverses the words of every text between markers, keeping markers and edge spaces. */
function reverseWords(text: string): string {
  return text
    .split(/(<\/?\d+\/?>)/)
    .map((chunk) =>
      chunk.startsWith('<')
        ? chunk
        : chunk.replace(/\S+(?:\s+\S+)*/, (words) => words.split(/\s+/).reverse().join(' ')),
    )
    .join('');
}

const mapTexts = (texts: Record<string, string>, transform: (text: string) => string) =>
  Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, transform(text)]));

describe('segmentRichtext on a landing page with every node and mark type', () => {
  const { segments } = segmentRichtext(landing);
  const byText = (start: string) => segments.find((segment) => segment.text.startsWith(start));

  const blocks = segments.filter((segment) => !segment.kind.startsWith('image_'));

  it('makes one segment per text block, in document order, with short stable ids', () => {
    expect(blocks.map((segment) => segment.id)).toEqual(blocks.map((_, index) => `b${index}`));
    expect(blocks.map((segment) => segment.kind)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
      'heading',
      ...Array<string>(6).fill('paragraph'), // list items, nested ones included
      'paragraph', // the quote
      ...Array<string>(4).fill('paragraph'), // table headers and cells; the empty cell has none
      'callout_box',
      'details_summary',
      'paragraph',
      'heading',
      'heading',
      'heading',
    ]);
    expect(segmentRichtext(landing).segments).toEqual(segments);
  });

  it('follows the blocks with the alt texts and titles of the images, where they have them', () => {
    expect(segments.slice(blocks.length)).toEqual([
      { id: 'i0.alt', text: 'Badge', kind: 'image_alt' },
      { id: 'i0.title', text: 'Award badge', kind: 'image_title' },
      { id: 'i1.alt', text: 'Weather map of Europe', kind: 'image_alt' },
    ]);
  });

  it('leaves out code blocks, embedded bloks, empty and whitespace-only paragraphs and image-only paragraphs', () => {
    const texts = blocks.map((segment) => segment.text).join('\n');
    expect(texts).not.toContain('curl');
    expect(texts).not.toContain('Start free trial');
    expect(texts).not.toContain('Weather map');
    expect(segments.some((segment) => segment.text.trim() === '')).toBe(false);
  });

  it('wraps marked and linked text in numbered markers and inline elements in atoms', () => {
    expect(segments[0]!.text).toBe('Forecasts your <1>customers</1> can trust');
    expect(segments[1]!.text).toBe('Buy <1>Weather API</1> today and get <2>3 months</2> free <3/>.');
    expect(byText('Our models')!.text).toBe(
      'Our models are <1>fast <2>and accurate</2></1> — <3>the old ones</3> are gone. Pay <4>per call</4>, call ' +
        '<5>GET /v2/forecast</5> and stay under 10<6>3</6> ms. CO<7>2</7> data included.',
    );
    expect(byText('<1>New')!.text).toBe(
      '<1>New</1>: <2>alerts in 40 countries</2>, <3>styled for your brand</3>, and <4>a sparkle</4> from a custom mark.',
    );
    expect(byText('<1>Why')!.text).toBe('<1>Why teams switch</1>');
    expect(byText('Three')!.text).toBe('Three <1>easy steps</1>');
    expect(byText('Keep it')!.text).toBe('Keep it <1>secret</1>');
    expect(byText('<1>We cut')!.text).toBe(
      '<1>We cut our forecast errors in half.</1><2/>— Dana Lee, CTO at <3>Skyline</3>',
    );
    expect(byText('<1>Tip')!.text).toBe('<1>Tip: </1>forecasts refresh every 10 minutes.');
    expect(byText('Last updated')!.text).toBe('Last updated <1/>');
  });

  it('escapes <, > and & of the text itself so they never read as markers', () => {
    expect(byText('<1>Limits')!.text).toBe(
      '<1>Limits: 1 &lt; 2 &amp;&amp; 3 &gt; 2, </1>"quotes" &amp; &lt;tags&gt; &amp; &amp;amp; stay<2/>' +
        'Second line after a break.<3/>Third line, <4/> inline.',
    );
  });
});

describe('rebuild', () => {
  it('puts translated alt texts and titles into their images and changes nothing else of them', () => {
    const { doc, failed } = segmentRichtext(landing).rebuild({
      'i0.alt': 'Abzeichen',
      'i0.title': 'Preis & <Auszeichnung>',
      'i1.alt': 'Wetterkarte <1/>',
    });
    expect(failed).toEqual(['i1.alt']);
    const images: RichtextNode[] = [];
    const walk = (node: RichtextNode) => {
      if (node.type === 'image') images.push(node);
      (node.content ?? []).forEach(walk);
    };
    walk(doc);
    expect(images.map((image) => [image.attrs?.alt, image.attrs?.title])).toEqual([
      ['Abzeichen', 'Preis & <Auszeichnung>'],
      ['Weather map of Europe', ''],
    ]);
    expect({ ...images[0]!.attrs, alt: 'Badge', title: 'Award badge' }).toEqual(
      JSON.parse(JSON.stringify(landing))
        .content.flatMap((node: RichtextNode) => node.content ?? [])
        .find((node: RichtextNode) => node.type === 'image').attrs,
    );
  });

  it('gives back the very same document from each segment’s own text', () => {
    for (const doc of [landing, blog]) {
      const { rebuild } = segmentRichtext(doc);
      expect(rebuild(ownTexts(doc))).toStrictEqual({ doc, failed: [] });
      expect(rebuild(new Map(Object.entries(ownTexts(doc))))).toStrictEqual({ doc, failed: [] });
      expect(rebuild({})).toStrictEqual({ doc, failed: [] });
    }
  });

  it('puts translated words in the marks of their markers and keeps everything else as it was', () => {
    for (const doc of [landing, blog]) {
      const source = ownTexts(doc);
      const translated = segmentRichtext(doc).rebuild(mapTexts(source, reverseWords));
      expect(translated.failed).toEqual([]);
      expectValid(translated.doc);
      // Segmenting the translation gives the translated texts: same markers, same marks, words moved.
      expect(ownTexts(translated.doc)).toEqual(mapTexts(source, reverseWords));
      // Translating back restores the source exactly: attrs, code, bloks and unknown nodes never changed.
      const back = segmentRichtext(translated.doc).rebuild(mapTexts(ownTexts(translated.doc), reverseWords));
      expect(back.doc).toStrictEqual(doc);
    }
  });

  it('keeps link attrs, block attrs and atoms exactly where the translation puts them', () => {
    const { segments, rebuild } = segmentRichtext(landing);
    const { doc } = rebuild({ b1: '<3/> Kaufen Sie <1>die Wetter-API</1> heute: <2>3 Monate</2> gratis.' });
    const paragraph = doc.content![1]!;
    const source = landing.content![1]!;
    expect(segments[1]!.id).toBe('b1');
    expect(paragraph.attrs).toEqual(source.attrs);
    expect(paragraph.content).toStrictEqual([
      source.content![5],
      { type: 'text', text: ' Kaufen Sie ' },
      { type: 'text', text: 'die Wetter-API', marks: source.content![1]!.marks },
      { type: 'text', text: ' heute: ' },
      { type: 'text', text: '3 Monate', marks: [{ type: 'bold' }] },
      { type: 'text', text: ' gratis.' },
    ]);
    expect(doc.content!.filter((_, index) => index !== 1)).toStrictEqual(
      landing.content!.filter((_, index) => index !== 1),
    );
  });

  it('gives text the union of the marks around it when markers nest differently', () => {
    const doc: RichtextNode = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'bold ', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'link', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: '/a' } }] },
            { type: 'text', text: ' and ' },
            { type: 'text', text: 'other', marks: [{ type: 'link', attrs: { href: '/b' } }] },
            { type: 'text', text: ' italic', marks: [{ type: 'italic' }] },
          ],
        },
      ],
    };
    const { segments, rebuild } = segmentRichtext(doc);
    expect(segments[0]!.text).toBe('<1>bold <2>link</2></1> and <3>other</3><4> italic</4>');
    const { doc: out } = rebuild({ b0: '<2>Link</2> <1>fett</1> und <4>kursiv <3>anderer</3></4>' });
    expect(out.content![0]!.content).toStrictEqual([
      { type: 'text', text: 'Link', marks: [{ type: 'link', attrs: { href: '/a' } }] },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'fett', marks: [{ type: 'bold' }] },
      { type: 'text', text: ' und ' },
      { type: 'text', text: 'kursiv ', marks: [{ type: 'italic' }] },
      { type: 'text', text: 'anderer', marks: [{ type: 'link', attrs: { href: '/b' } }, { type: 'italic' }] },
    ]);
  });

  it('keeps one mark per type when a translation nests two links: the inner one wins', () => {
    const bold = { type: 'bold' };
    const linkA = { type: 'link', attrs: { href: '/a' } };
    const linkB = { type: 'link', attrs: { href: '/b' } };
    const doc: RichtextNode = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'bold ', marks: [bold] },
            { type: 'text', text: 'link', marks: [bold, linkA] },
            { type: 'text', text: ' and ' },
            { type: 'text', text: 'other', marks: [linkB] },
          ],
        },
      ],
    };
    const { doc: out, failed } = segmentRichtext(doc).rebuild({ b0: '<3><2><1>fett</1> Link</2> anderer</3> und' });
    expect(failed).toEqual([]);
    expect(out.content![0]!.content).toStrictEqual([
      { type: 'text', text: 'fett', marks: [bold, linkA] },
      { type: 'text', text: ' Link', marks: [linkA] },
      { type: 'text', text: ' anderer', marks: [linkB] },
      { type: 'text', text: ' und' },
    ]);
  });

  it('splits a mark that outlives the marker around it and merges it back when the pieces meet', () => {
    const link = { type: 'link', attrs: { href: '/storms', uuid: 'u-1', linktype: 'story', target: '_self' } };
    const doc: RichtextNode = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'the ', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'storm', marks: [{ type: 'bold' }, link] },
            { type: 'text', text: ' guide', marks: [link] },
          ],
        },
      ],
    };
    const { segments, rebuild } = segmentRichtext(doc);
    expect(segments[0]!.text).toBe('<1>the <2>storm</2></1><3> guide</3>');
    expect(rebuild({ b0: '<1>der </1><3>Sturm</3><3>-Ratgeber</3>' }).failed).toEqual(['b0']);
    const { doc: out } = rebuild({ b0: '<3>Ratgeber zum </3><2>Sturm</2><1>, fett</1>' });
    expect(out.content![0]!.content).toStrictEqual([
      { type: 'text', text: 'Ratgeber zum Sturm', marks: [link] },
      { type: 'text', text: ', fett', marks: [{ type: 'bold' }] },
    ]);
  });

  it('reads &lt; &gt; &amp; back as characters and keeps a bare & or < the model wrote', () => {
    const doc: RichtextNode = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a < b & c', marks: [{ type: 'code' }] }] }],
    };
    const { segments, rebuild } = segmentRichtext(doc);
    expect(segments[0]!.text).toBe('<1>a &lt; b &amp; c</1>');
    expect(rebuild({ b0: '<1>x &lt;= y &amp;&amp; z &gt; 1 & a < b &amp;lt;</1>' }).doc.content![0]!.content).toEqual([
      { type: 'text', text: 'x <= y && z > 1 & a < b &lt;', marks: [{ type: 'code' }] },
    ]);
  });

  it('rebuilds unknown marks and unknown inline nodes, and keeps unknown blocks', () => {
    const { segments, rebuild } = segmentRichtext(landing);
    const sparkle = segments.find((segment) => segment.text.includes('a sparkle'))!;
    const mention = segments.find((segment) => segment.text.startsWith('Last updated'))!;
    const callout = segments.find((segment) => segment.kind === 'callout_box')!;
    const { doc, failed } = rebuild({
      [sparkle.id]: sparkle.text.replace('a sparkle', 'ein Funkeln'),
      [mention.id]: 'Zuletzt geändert von <1/>',
      [callout.id]: '<1>Tipp: </1>Vorhersagen alle 10 Minuten.',
    });
    expect(failed).toEqual([]);
    expectValid(doc);
    const json = JSON.stringify(doc);
    expect(json).toContain('{"type":"text","text":"ein Funkeln","marks":[{"type":"sparkle","attrs":{"intensity":3}}]}');
    expect(json).toContain('{"type":"mention","attrs":{"id":"user-42","label":"Dana"}}');
    const calloutNode = doc.content!.find((node) => node.type === 'callout_box')!;
    expect(calloutNode.attrs).toEqual({ tone: 'info', icon: 'lightbulb' });
    expect(richtextToPlainText(calloutNode)).toBe('Tipp: Vorhersagen alle 10 Minuten.');
    const details = doc.content!.find((node) => node.type === 'details_widget')!;
    expect(details).toStrictEqual(landing.content!.find((node) => node.type === 'details_widget'));
  });

  it('never changes code blocks or embedded bloks, even when given a translation under a made-up id', () => {
    const { rebuild } = segmentRichtext(landing);
    const { doc } = rebuild({ ...mapTexts(ownTexts(landing), reverseWords), b999: 'nothing' });
    for (const type of ['code_block', 'blok', 'horizontal_rule']) {
      expect(doc.content!.filter((node) => node.type === type)).toStrictEqual(
        landing.content!.filter((node) => node.type === type),
      );
    }
  });

  it('does not let the caller’s later changes leak into segments or rebuilt documents', () => {
    const doc = structuredClone(blog);
    const segmented = segmentRichtext(doc);
    doc.content![0]!.content![0]!.text = 'changed';
    const first = segmented.rebuild({});
    first.doc.content![1]!.attrs = { level: 6 };
    expect(segmented.rebuild({}).doc).toStrictEqual(blog);
  });
});

describe('rebuild of a document that is not in normal form', () => {
  const doc = fixture('not-normalized');

  it('merges neighbouring texts with the same marks and drops empty texts', () => {
    const { segments } = segmentRichtext(doc);
    expect(segments.map(({ text, kind }) => ({ text, kind }))).toEqual([
      { text: 'Plans start at <1>9 €</1> a month', kind: 'paragraph' },
      { text: '<1>Read <2>the docs first</2></1>', kind: 'paragraph' },
      { text: 'A list item with its text straight inside', kind: 'list_item' },
    ]);
  });

  it('comes out valid with the same text, the same marks and the block attrs', () => {
    const { doc: out, failed } = segmentRichtext(doc).rebuild(ownTexts(doc));
    expect(failed).toEqual([]);
    expectValid(out);
    expect(richtextToPlainText(out)).toBe(richtextToPlainText(doc));
    expect(out.content![0]!.content).toStrictEqual([
      { type: 'text', text: 'Plans start at ' },
      { type: 'text', text: '9 €', marks: [{ type: 'bold' }] },
      { type: 'text', text: ' a month' },
    ]);
    // The merged link text lists its marks as the first source text with those marks did.
    expect(out.content![1]!.content).toStrictEqual([
      doc.content![1]!.content![0],
      { ...doc.content![1]!.content![1], text: 'the docs first' },
    ]);
    expect(out.content![3]).toStrictEqual({ type: 'heading', attrs: { level: 2 } });
    expect(out.content![2]).toStrictEqual({ type: 'paragraph', content: [] });
  });
});

describe('rebuild with markers that do not match', () => {
  const source = landing.content![1]!;
  const broken: Array<[string, string]> = [
    ['a pair is missing', 'Kaufen Sie die Wetter-API heute: <2>3 Monate</2> gratis <3/>.'],
    ['an atom is missing', 'Kaufen Sie <1>die Wetter-API</1> heute: <2>3 Monate</2> gratis.'],
    ['a marker is extra', 'Kaufen Sie <1>die Wetter-API</1> <4>heute</4>: <2>3 Monate</2> gratis <3/>.'],
    ['markers are renumbered', 'Kaufen Sie <0>die Wetter-API</0> heute: <1>3 Monate</1> gratis <2/>.'],
    ['a marker is not closed', 'Kaufen Sie <1>die Wetter-API heute: <2>3 Monate</2> gratis <3/>.'],
    ['markers cross', 'Kaufen Sie <1>die <2>Wetter-API</1> heute: 3 Monate</2> gratis <3/>.'],
    ['a pair became an atom', 'Kaufen Sie <1/>die Wetter-API heute: <2>3 Monate</2> gratis <3/>.'],
    ['a marker appears twice', 'Kaufen Sie <1>die</1> <1>Wetter-API</1> heute: <2>3 Monate</2> gratis <3/>.'],
    ['the translation is blank', ' <1></1><2></2><3/> '],
  ];

  it.each(broken)('flags the segment and keeps the block as it was when %s', (_, translation) => {
    const { doc, failed } = segmentRichtext(landing).rebuild({
      b0: 'Vorhersagen, denen Ihre <1>Kunden</1> trauen',
      b1: translation,
    });
    expect(failed).toEqual(['b1']);
    expect(doc.content![1]).toStrictEqual(source);
    expect(doc.content![0]!.content![0]).toStrictEqual({ type: 'text', text: 'Vorhersagen, denen Ihre ' });
  });

  it('accepts markers in another order and an atom written with a space', () => {
    const { doc, failed } = segmentRichtext(landing).rebuild({
      b1: '<2>3 Monate</2> gratis <3 />, <1>Wetter-API</1>!',
    });
    expect(failed).toEqual([]);
    expect(doc.content![1]!.content!.map((node) => node.text ?? node.type)).toEqual([
      '3 Monate',
      ' gratis ',
      'emoji',
      ', ',
      'Wetter-API',
      '!',
    ]);
  });
});

describe('segment legends', () => {
  it('tell what each marker of a block stands for, for showing markers to a person', () => {
    const doc: RichtextNode = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Read the ' },
            { type: 'text', text: 'blog', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: '/blog' } }] },
            { type: 'hard_break' },
            { type: 'text', text: 'now' },
          ],
        },
      ],
    };
    const parts = segmentRichtext(doc);
    expect(parts.segments[0]!.text).toBe('Read the <1>blog</1><2/>now');
    const legend = parts.legend('b0');
    expect(legend.get(1)).toEqual({
      kind: 'pair',
      marks: [{ type: 'bold' }, { type: 'link', attrs: { href: '/blog' } }],
    });
    expect(legend.get(2)).toEqual({ kind: 'atom', node: { type: 'hard_break' } });
    expect(parts.legend('b9').size).toBe(0);
  });
});
