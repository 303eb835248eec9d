import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown-blocks.ts';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists, quotes, rules and fenced code', () => {
    const blocks = parseMarkdown(
      '# Title\n\nSome text\non two lines\n\n- one\n- two\n\n1. first\n\n> quoted\n\n---\n\n```js\nconst a = 1;\n```',
    );
    expect(blocks.map((block) => block.kind)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'quote',
      'rule',
      'code',
    ]);
    expect(blocks[2]).toMatchObject({
      kind: 'list',
      ordered: false,
      items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two' }]],
    });
    expect(blocks[3]).toMatchObject({ kind: 'list', ordered: true });
    expect(blocks[6]).toEqual({ kind: 'code', text: 'const a = 1;' });
  });

  it('keeps a paragraph line break as a break', () => {
    expect(parseMarkdown('a\nb')).toEqual([
      { kind: 'paragraph', inline: [{ kind: 'text', text: 'a' }, { kind: 'break' }, { kind: 'text', text: 'b' }] },
    ]);
  });
});

describe('parseInline', () => {
  it('reads emphasis, links, code and images, nested', () => {
    expect(parseInline('Read **the [blog](/blog)** or `npm` ![logo](x.png) *now*')).toEqual([
      { kind: 'text', text: 'Read ' },
      {
        kind: 'strong',
        children: [
          { kind: 'text', text: 'the ' },
          { kind: 'link', href: '/blog', children: [{ kind: 'text', text: 'blog' }] },
        ],
      },
      { kind: 'text', text: ' or ' },
      { kind: 'code', text: 'npm' },
      { kind: 'text', text: ' ' },
      { kind: 'image', alt: 'logo' },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'now' }] },
    ]);
  });

  it('leaves unmatched syntax as text', () => {
    expect(parseInline('2 * 3 and [x]')).toEqual([{ kind: 'text', text: '2 * 3 and [x]' }]);
  });
});
