/**
 * A small Markdown reader for showing a source as it will read: headings, paragraphs, lists, quotes, code,
 * rules, emphasis, links and images. Not a CommonMark parser: what it does not recognise stays as text, which is
 * what a translator should see anyway. Nothing here produces HTML; the view renders React elements.
 */
export type MdInline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'break' }
  | { kind: 'image'; alt: string }
  | { kind: 'link'; href: string; children: MdInline[] }
  | { kind: 'strong' | 'em' | 'del'; children: MdInline[] };

export type MdBlock =
  | { kind: 'heading'; level: number; inline: MdInline[] }
  | { kind: 'paragraph'; inline: MdInline[] }
  | { kind: 'code'; text: string }
  | { kind: 'quote'; blocks: MdBlock[] }
  | { kind: 'list'; ordered: boolean; items: MdInline[][] }
  | { kind: 'rule' };

const inlinePatterns: Array<{ pattern: RegExp; build: (match: RegExpExecArray) => MdInline }> = [
  { pattern: /`([^`]+)`/, build: (m) => ({ kind: 'code', text: m[1]! }) },
  { pattern: /!\[([^\]]*)\]\([^)]*\)/, build: (m) => ({ kind: 'image', alt: m[1]! }) },
  {
    pattern: /\[([^\]]+)\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/,
    build: (m) => ({ kind: 'link', href: m[2]!, children: parseInline(m[1]!) }),
  },
  { pattern: /(\*\*|__)(?=\S)([\s\S]*?\S)\1/, build: (m) => ({ kind: 'strong', children: parseInline(m[2]!) }) },
  { pattern: /~~(?=\S)([\s\S]*?\S)~~/, build: (m) => ({ kind: 'del', children: parseInline(m[1]!) }) },
  { pattern: /(\*|_)(?=\S)([\s\S]*?\S)\1/, build: (m) => ({ kind: 'em', children: parseInline(m[2]!) }) },
  { pattern: /\n/, build: () => ({ kind: 'break' }) },
];

export function parseInline(text: string): MdInline[] {
  const out: MdInline[] = [];
  let rest = text;
  while (rest !== '') {
    let best: { index: number; match: RegExpExecArray; build: (typeof inlinePatterns)[number]['build'] } | null = null;
    for (const { pattern, build } of inlinePatterns) {
      const match = pattern.exec(rest);
      if (match && (best === null || match.index < best.index)) best = { index: match.index, match, build };
    }
    if (best === null) {
      out.push({ kind: 'text', text: rest });
      break;
    }
    if (best.index > 0) out.push({ kind: 'text', text: rest.slice(0, best.index) });
    out.push(best.build(best.match));
    rest = rest.slice(best.index + best.match[0].length);
  }
  return out;
}

const fence = /^\s{0,3}(`{3,}|~{3,})/;
const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const rule = /^\s{0,3}(?:-\s*){3,}$|^\s{0,3}(?:\*\s*){3,}$|^\s{0,3}(?:_\s*){3,}$/;
const bullet = /^\s{0,3}[-*+]\s+(.*)$/;
const numbered = /^\s{0,3}\d+[.)]\s+(.*)$/;
const quote = /^\s{0,3}>\s?(.*)$/;

export function parseMarkdown(markdown: string): MdBlock[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MdBlock[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    if (line.trim() === '') {
      index += 1;
      continue;
    }
    const fenceMatch = fence.exec(line);
    if (fenceMatch) {
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !lines[index]!.trim().startsWith(fenceMatch[1]!)) body.push(lines[index++]!);
      index += 1;
      blocks.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    const headingMatch = heading.exec(line);
    if (headingMatch) {
      blocks.push({ kind: 'heading', level: headingMatch[1]!.length, inline: parseInline(headingMatch[2]!) });
      index += 1;
      continue;
    }
    if (rule.test(line)) {
      blocks.push({ kind: 'rule' });
      index += 1;
      continue;
    }
    if (quote.test(line)) {
      const body: string[] = [];
      while (index < lines.length && quote.test(lines[index]!)) body.push(quote.exec(lines[index++]!)![1]!);
      blocks.push({ kind: 'quote', blocks: parseMarkdown(body.join('\n')) });
      continue;
    }
    const listPattern = bullet.test(line) ? bullet : numbered.test(line) ? numbered : null;
    if (listPattern) {
      const items: MdInline[][] = [];
      while (index < lines.length && listPattern.test(lines[index]!)) {
        items.push(parseInline(listPattern.exec(lines[index++]!)![1]!));
      }
      blocks.push({ kind: 'list', ordered: listPattern === numbered, items });
      continue;
    }
    const body: string[] = [];
    while (
      index < lines.length &&
      lines[index]!.trim() !== '' &&
      !fence.test(lines[index]!) &&
      !heading.test(lines[index]!) &&
      !quote.test(lines[index]!) &&
      !bullet.test(lines[index]!) &&
      !numbered.test(lines[index]!)
    ) {
      body.push(lines[index++]!.trim());
    }
    blocks.push({ kind: 'paragraph', inline: parseInline(body.join('\n')) });
  }
  return blocks;
}
