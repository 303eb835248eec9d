/**
 * Finds what a translation of Markdown must not change: code, raw HTML, autolinks and link targets. Not a full
 * CommonMark parser; what it does not recognise stays text, which is safe because the scan never alters bytes.
 */
export type MarkdownPiece =
  | { kind: 'text'; text: string }
  /** Kept as it is: code, HTML, autolinks, reference definitions, footnote references. */
  | { kind: 'atom'; source: string }
  /** A link or image: its text is translated, `open` (`[` or `![`) and `close` (`](url "title")`) are kept. */
  | { kind: 'pair'; open: string; close: string; children: MarkdownPiece[] };

const fenceOpen = /^[ \t]*(`{3,}|~{3,})/;
const referenceDefinition = /^ {0,3}\[(?!\^)((?:[^\]\\]|\\.)+)\]:[ \t]*\S/;

const normalizeLabel = (label: string) => label.trim().toLowerCase().replace(/\s+/g, ' ');

/** Splits Markdown into pieces whose sources, concatenated, are the Markdown byte for byte. */
export function scanMarkdown(markdown: string): MarkdownPiece[] {
  const lines = markdown.split('\n');
  const labels = new Set<string>();
  for (const line of lines) {
    const definition = referenceDefinition.exec(line);
    if (definition) labels.add(normalizeLabel(definition[1]!));
  }
  const starts: number[] = [0];
  for (const line of lines) starts.push(starts.at(-1)! + line.length + 1);
  const pieces: MarkdownPiece[] = [];
  let textStart = 0;
  const atomLines = (from: number, to: number) => {
    pieces.push(...scanInline(markdown.slice(textStart, starts[from]!), labels));
    textStart = starts[to]! + lines[to]!.length;
    pieces.push({ kind: 'atom', source: markdown.slice(starts[from]!, textStart) });
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const fence = fenceOpen.exec(line);
    if (fence && !(fence[1]!.startsWith('`') && line.slice(fence[0].length).includes('`'))) {
      const closing = new RegExp(`^[ \\t]*${fence[1]![0]}{${fence[1]!.length},}[ \\t]*\\r?$`);
      let last = index + 1;
      while (last < lines.length && !closing.test(lines[last]!)) last += 1;
      last = Math.min(last, lines.length - 1);
      atomLines(index, last);
      index = last;
    } else if (referenceDefinition.test(line)) {
      atomLines(index, index);
    }
  }
  pieces.push(...scanInline(markdown.slice(textStart), labels));
  return mergeText(pieces.filter((piece) => piece.kind !== 'text' || piece.text !== ''));
}

function mergeText(pieces: MarkdownPiece[]): MarkdownPiece[] {
  const out: MarkdownPiece[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (piece.kind === 'text' && last?.kind === 'text') last.text += piece.text;
    else out.push(piece);
  }
  return out;
}

const htmlPatterns = [
  /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/y, // autolink
  /<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>/y,
  /<(script|style|pre|textarea)\b[\s\S]*?<\/\1\s*>/iy, // their content is code, not prose
  /<!--[\s\S]*?-->/y,
  /<!\[CDATA\[[\s\S]*?\]\]>/y,
  /<![A-Za-z][^>]*>/y,
  /<\?[\s\S]*?\?>/y,
  /<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>/y,
  /<\/[A-Za-z][A-Za-z0-9-]*\s*>/y,
];
const bareUrl = /(?:https?:\/\/|www\.)[^\s<>]+/y;

function matchAt(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  return match ? at + match[0].length : -1;
}

/** End of the code span opening at `at`, or -1 (then the backticks are plain text). */
function codeSpanEnd(text: string, at: number): number {
  const run = /`+/y;
  run.lastIndex = at;
  const length = run.exec(text)![0].length;
  const closing = new RegExp(`(?<!\`)\`{${length}}(?!\`)`, 'g');
  closing.lastIndex = at + length;
  const match = closing.exec(text);
  return match ? match.index + length : -1;
}

/** End of a bare URL (GFM's extended autolink), without trailing punctuation or an unbalanced `)`. */
function bareUrlEnd(text: string, at: number): number {
  if (at > 0 && /[\p{L}\p{N}_/.@-]/u.test(text[at - 1]!)) return -1;
  let end = matchAt(bareUrl, text, at);
  if (end < 0) return -1;
  for (;;) {
    const last = text[end - 1]!;
    const url = text.slice(at, end);
    const unbalanced = last === ')' && url.split('(').length < url.split(')').length;
    if (!/[?!.,:;*_~'"]/.test(last) && !unbalanced) break;
    end -= 1;
  }
  return end;
}

/** Index of the `]` closing the `[` at `at`, or -1; a blank line ends the search. */
function closingBracket(text: string, at: number): number {
  let depth = 0;
  for (let index = at; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\\') index += 1;
    else if (char === '`') {
      const end = codeSpanEnd(text, index);
      if (end > 0) index = end - 1;
    } else if (char === '[') depth += 1;
    else if (char === ']' && --depth === 0) return index;
    else if (char === '\n' && /^\n[ \t]*(?:\n|$)/.test(text.slice(index, index + 80))) return -1;
  }
  return -1;
}

/** End of `(destination "title")` starting at the `(` at `at`, or -1. */
function inlineTargetEnd(text: string, at: number): number {
  let index = at + 1;
  const skipSpace = () => {
    const space = /[ \t]*\n?[ \t]*/y;
    space.lastIndex = index;
    index += space.exec(text)![0].length;
  };
  skipSpace();
  if (text[index] === '<') {
    const end = matchAt(/<(?:[^<>\n\\]|\\.)*>/y, text, index);
    if (end < 0) return -1;
    index = end;
  } else {
    let depth = 0;
    for (; index < text.length; index += 1) {
      const char = text[index]!;
      if (char === '\\') index += 1;
      else if (/\s/.test(char)) break;
      else if (char === '(') depth += 1;
      else if (char === ')' && depth-- === 0) break;
    }
  }
  skipSpace();
  const title = { '"': /"(?:[^"\\]|\\.)*"/y, "'": /'(?:[^'\\]|\\.)*'/y, '(': /\((?:[^()\\]|\\.)*\)/y }[text[index]!];
  if (title && text[index - 1] !== '(' && /\s/.test(text[index - 1]!)) {
    const end = matchAt(title, text, index);
    if (end < 0) return -1;
    index = end;
    skipSpace();
  }
  return text[index] === ')' ? index + 1 : -1;
}

/** A link or image at `at`: `[text](…)`, `[text][ref]`, `[text][]` or `[text]` naming a definition. */
function scanLink(text: string, at: number, labels: Set<string>): { piece: MarkdownPiece; end: number } | null {
  const bracket = text[at] === '!' ? at + 1 : at;
  if (text[bracket + 1] === '^' && bracket === at) {
    const end = matchAt(/\[\^[^\]\s]+\]/y, text, at);
    return end < 0 ? null : { piece: { kind: 'atom', source: text.slice(at, end) }, end };
  }
  const close = closingBracket(text, bracket);
  if (close < 0) return null;
  const inner = text.slice(bracket + 1, close);
  let end = -1;
  let labelTiedToText = false;
  if (text[close + 1] === '(') end = inlineTargetEnd(text, close + 1);
  else if (text[close + 1] === '[') {
    end = matchAt(/\[(?:[^[\]\\]|\\.)*\]/y, text, close + 1);
    labelTiedToText = end === close + 3;
  } else if (labels.has(normalizeLabel(inner))) {
    end = close + 1;
    labelTiedToText = true;
  }
  if (end < 0) return null;
  // `[text][]` and `[text]` find their target through the text itself: translating it would break the link.
  if (labelTiedToText || inner.trim() === '') return { piece: { kind: 'atom', source: text.slice(at, end) }, end };
  const children = scanInline(inner, labels);
  return { piece: { kind: 'pair', open: text.slice(at, bracket + 1), close: text.slice(close, end), children }, end };
}

function scanInline(text: string, labels: Set<string>): MarkdownPiece[] {
  const pieces: MarkdownPiece[] = [];
  let buffer = '';
  const push = (piece: MarkdownPiece) => {
    if (buffer !== '') pieces.push({ kind: 'text', text: buffer });
    buffer = '';
    pieces.push(piece);
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    let end = -1;
    if (char === '\\' && /[!-/:-@[-`{-~]/.test(text[index + 1] ?? '')) {
      buffer += text.slice(index, index + 2);
      index += 2;
      continue;
    }
    if (char === '`') {
      end = codeSpanEnd(text, index);
      if (end < 0) {
        const run = /`+/y;
        run.lastIndex = index;
        buffer += run.exec(text)![0];
        index = run.lastIndex;
        continue;
      }
    } else if (char === '<') {
      end = htmlPatterns.map((pattern) => matchAt(pattern, text, index)).find((found) => found > 0) ?? -1;
    } else if (char === 'h' || char === 'w') {
      end = bareUrlEnd(text, index);
    } else if (char === '[' || (char === '!' && text[index + 1] === '[')) {
      const link = scanLink(text, index, labels);
      if (link) {
        push(link.piece);
        index = link.end;
        continue;
      }
    }
    if (end > 0) {
      push({ kind: 'atom', source: text.slice(index, end) });
      index = end;
    } else {
      buffer += char;
      index += 1;
    }
  }
  if (buffer !== '') pieces.push({ kind: 'text', text: buffer });
  return pieces;
}
