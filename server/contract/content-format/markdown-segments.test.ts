import { describe, expect, it } from 'vitest';
import { protectMarkdown } from './markdown-segments.ts';

const blogPost = [
  '# Spring storms: what to expect',
  '',
  'Our **new radar** covers [the whole of Europe](https://example.com/radar "Radar coverage") and',
  '![a storm over Berlin](https://a.storyblok.com/f/1/storm.jpg) shows it. Call `GET /v2/radar` or see',
  '<https://docs.example.com> and https://status.example.com/.',
  '',
  '- Hourly data for *every* city',
  '- Alerts by <abbr title="Short Message Service">SMS</abbr>',
  '',
  '```bash',
  'curl https://api.example.com/v2/radar?city=Berlin',
  '```',
  '',
  'Read the [FAQ][faq] first.',
  '',
  '[faq]: https://example.com/faq',
].join('\n');

describe('protectMarkdown', () => {
  it('keeps link targets, code, HTML and URLs aside and leaves Markdown syntax as text', () => {
    expect(protectMarkdown(blogPost).text).toBe(
      [
        '# Spring storms: what to expect',
        '',
        'Our **new radar** covers <1>the whole of Europe</1> and',
        '<2>a storm over Berlin</2> shows it. Call <3/> or see',
        '<4/> and <5/>.',
        '',
        '- Hourly data for *every* city',
        '- Alerts by <6/>SMS<7/>',
        '',
        '<8/>',
        '',
        'Read the <9>FAQ</9> first.',
        '',
        '<10/>',
      ].join('\n'),
    );
  });

  it('puts the kept parts back around the translated text', () => {
    const { restore } = protectMarkdown(blogPost);
    const translated = [
      '# Frühjahrsstürme: was zu erwarten ist',
      '',
      'Unser **neues Radar** deckt <1>ganz Europa</1> ab, und',
      '<2>ein Sturm über Berlin</2> zeigt es. Rufen Sie <3/> auf oder lesen Sie',
      '<4/> und <5/>.',
      '',
      '- Stündliche Daten für *jede* Stadt',
      '- Warnungen per <6/>SMS<7/>',
      '',
      '<8/>',
      '',
      'Lesen Sie zuerst die <9>FAQ</9>.',
      '',
      '<10/>',
    ].join('\n');
    expect(restore(translated)).toEqual({
      markdown: [
        '# Frühjahrsstürme: was zu erwarten ist',
        '',
        'Unser **neues Radar** deckt [ganz Europa](https://example.com/radar "Radar coverage") ab, und',
        '![ein Sturm über Berlin](https://a.storyblok.com/f/1/storm.jpg) zeigt es. Rufen Sie `GET /v2/radar` auf oder lesen Sie',
        '<https://docs.example.com> und https://status.example.com/.',
        '',
        '- Stündliche Daten für *jede* Stadt',
        '- Warnungen per <abbr title="Short Message Service">SMS</abbr>',
        '',
        '```bash',
        'curl https://api.example.com/v2/radar?city=Berlin',
        '```',
        '',
        'Lesen Sie zuerst die [FAQ][faq].',
        '',
        '[faq]: https://example.com/faq',
      ].join('\n'),
    });
  });

  it.each([
    ['an empty string', ''],
    ['plain prose', 'Just words, no syntax at all.'],
    ['Windows line ends', '# Title\r\n\r\nSee [docs](/docs).\r\n\r\n```\r\ncode\r\n```\r\n'],
    ['an unclosed fence', 'Intro\n\n~~~python\nprint("<1>")\n'],
    ['a longer closing fence and backticks inside', '````md\n```js\nx\n```\n`````\nafter `a ``b`` c`'],
    [
      'nested brackets and parentheses in URLs',
      'See [the [beta] docs](https://en.wikipedia.org/wiki/Storm_(weather)).',
    ],
    ['titles and angle-bracket targets', '[a](<my page.html> \'T\') [b](/b (Title)) [c](/c\n"multi")'],
    ['an image inside a link', '[![Build status](https://ci.example.com/badge.svg)](https://ci.example.com)'],
    [
      'reference links of every kind',
      '[Full][ref], [Collapsed][], [Shortcut].\n\n[ref]: /a\n[collapsed]: /b\n[shortcut]: <./c> "C"',
    ],
    ['footnotes', 'Storms grew 20%.[^1]\n\n[^1]: Source: Met Office, 2024.'],
    [
      'HTML blocks, comments and scripts',
      '<div class="note">\n  <p>Hello <em>there</em></p>\n</div>\n<!-- hide -->\n<script>if (a < b) {}</script>',
    ],
    ['entities, escapes and stray brackets', 'AT&amp;T &lt;3 \\[not a link\\] [not a link] a < b > c ] [ ( ) !['],
    ['text that looks like markers', 'Use <1> and </2> and <3/> or <4 /> literally.'],
    ['unmatched backticks', 'A ` lone backtick and ``two'],
    [
      'emphasis, tables, quotes and lists',
      '> **Note:** _hot_\n\n| A | B |\n|---|---|\n| *x* | ~~y~~ |\n\n1. one\n   2. two',
    ],
    ['bare URLs with trailing punctuation', 'Visit www.example.com, (https://example.com/a_(b)) or https://x.io/?q=1!'],
    ['mail autolinks and empty link texts', '<team@example.com> [](/empty) ![](/img.png) [ ](/space)'],
  ])('gives back %s byte for byte', (_, markdown) => {
    const { text, restore } = protectMarkdown(markdown);
    expect(restore(text)).toEqual({ markdown });
  });

  it('protects what must not change in tricky Markdown', () => {
    expect(protectMarkdown('[![Build status](/b.svg)](https://ci.example.com) [the [beta] docs](/x_(y))').text).toBe(
      '<1><2>Build status</2></1> <3>the [beta] docs</3>',
    );
    expect(protectMarkdown('[Full][ref], [Collapsed][], [Shortcut], [Other]\n\n[ref]: /a\n[shortcut]: /c').text).toBe(
      '<1>Full</1>, <2/>, <3/>, [Other]\n\n<4/>\n<5/>',
    );
    expect(protectMarkdown('Grew 20%.[^1]\n\n[^1]: Source: Met Office').text).toBe(
      'Grew 20%.<1/>\n\n<2/>: Source: Met Office',
    );
    expect(protectMarkdown('Use <1> and &lt;2&gt; and a < b').text).toBe('Use <1/> and &lt;2&gt; and a < b');
    expect(protectMarkdown('Visit www.example.com, (https://example.com/a_(b)) now.').text).toBe(
      'Visit <1/>, (<2/>) now.',
    );
  });

  it('accepts markers moved and atoms written with a space', () => {
    const { text, restore } = protectMarkdown('Click [here](/go) to run `npm start`.');
    expect(text).toBe('Click <1>here</1> to run <2/>.');
    expect(restore('Führen Sie <2 /> aus, indem Sie <1>hier</1> klicken.')).toEqual({
      markdown: 'Führen Sie `npm start` aus, indem Sie [hier](/go) klicken.',
    });
  });

  it.each([
    ['a link marker is missing', 'Klicken Sie hier, um <2/> auszuführen.', 'marker <1>…</1> is missing'],
    ['an atom is missing', 'Klicken Sie <1>hier</1>, um es auszuführen.', 'marker <2/> is missing'],
    ['a marker is extra', 'Klicken Sie <1>hier</1>, um <2/> <3/> auszuführen.', 'unexpected marker <3/>'],
    ['a marker is not closed', 'Klicken Sie <1>hier, um <2/> auszuführen.', '<1> is not closed'],
    ['the translation is empty', '  ', 'marker <1>…</1> is missing'],
  ])('refuses a translation where %s', (_, translated, error) => {
    expect(protectMarkdown('Click [here](/go) to run `npm start`.').restore(translated)).toEqual({ error });
  });
});
