import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './markdown.ts';
import { embeddedBloks, richtextToPlainText } from './richtext.ts';
import { countWords } from './word-count.ts';

describe('richtextToPlainText', () => {
  it('reads headings, lists, quotes, code and table cells as lines, and hard breaks as line breaks', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Plans' }] },
        {
          type: 'bullet_list',
          content: [
            { type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Free' }] }] },
            { type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Pro' }] }] },
          ],
        },
        { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Quoted' }] }] },
        { type: 'code_block', content: [{ type: 'text', text: 'npm start' }] },
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'one' }, { type: 'hard_break' }, { type: 'text', text: 'two' }],
        },
        { type: 'horizontal_rule' },
        { type: 'unknown_widget', content: [{ type: 'text', text: 'kept' }] },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                { type: 'tableCell', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'cell' }] }] },
              ],
            },
          ],
        },
      ],
    };
    expect(richtextToPlainText(doc)).toBe('Plans\nFree\nPro\nQuoted\nnpm start\none\ntwo\nkept\ncell');
  });

  it('is empty for an empty document and for empty paragraphs', () => {
    expect(
      richtextToPlainText({ type: 'doc', content: [{ type: 'paragraph' }, { type: 'paragraph', content: [] }] }),
    ).toBe('');
  });

  it('finds embedded bloks in document order, including inside lists', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'blok', attrs: { body: [{ _uid: 'a', component: 'x' }] } },
        {
          type: 'bullet_list',
          content: [
            {
              type: 'list_item',
              content: [{ type: 'blok', attrs: { body: [{ _uid: 'b', component: 'y' }, { nope: 1 }] } }],
            },
          ],
        },
      ],
    };
    expect(embeddedBloks(doc).map((blok) => blok._uid)).toEqual(['a', 'b']);
  });
});

describe('markdownToPlainText', () => {
  it('keeps the words and drops the syntax', () => {
    const markdown =
      '# Title\n\n- **Bold** item\n- [Link](https://x.test) and `code`\n\n> quote ~~old~~\n\n---\n![Alt text](a.png)';
    expect(markdownToPlainText(markdown)).toBe('Title\nBold item\nLink and code\nquote old\nAlt text');
  });
});

describe('countWords', () => {
  it.each([
    ['Hello, world!', 2],
    ['  spaced   out  ', 2],
    ['— - !!', 0],
    ['日本語のテキスト', 8],
    ['Polyblok 2 ist großartig', 4],
  ])('counts %j as %i words', (text, expected) => {
    expect(countWords(text)).toBe(expected);
  });
});
