/**
 * Splits an item text into what a translator must keep byte for byte and what it may rewrite. The fake only
 * ever rewrites letters, so any syntax made of punctuation (Markdown `#`, `*`, `_`, list markers, ICU `#`)
 * survives on its own; this file protects the constructs that contain letters: markers, placeholders, ICU
 * keywords, URLs, HTML tags and, in Markdown, code and link targets.
 */
export type TextFormat = 'text' | 'markdown' | 'richtext';

export type Segment =
  | { kind: 'keep'; text: string }
  | { kind: 'text'; text: string }
  /** An ICU message inside a plural/select case: translated on its own. */
  | { kind: 'nested'; segments: Segment[] };

// Order matters: Polyblok markers before HTML tags, `{{x}}` before ICU braces (handled apart), URLs before emails.
const commonTokens = [
  /<\/?\d+>|<\d+\s*\/>/y,
  /\{\{[^{}]*\}\}/y,
  /%%|%(?:\d+\$)?[-+0#]*\d*(?:\.\d+)?[sdfiuxXoeEgGc@]/y,
  /<(?:[A-Za-z][\w:-]*(?:\s[^<>]*)?|\/[A-Za-z][\w:-]*\s*|!--[\s\S]*?--|[a-z][a-z+.-]*:[^\s<>]*)>/y,
  /(?:https?:\/\/|mailto:|www\.)[^\s<>()[\]{}"']*[^\s<>()[\]{}"'.,;:!?]/y,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/y,
  /&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#[xX][0-9A-Fa-f]+);/y,
];

const markdownTokens = [
  // A link or image target, with an optional title: the text in brackets before it stays translatable.
  /\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/y,
  /\]\[[^\]\n]*\]/y,
  // A reference definition: `[label]: url "title"`.
  /(?<=^|\n) {0,3}\[[^\]\n]+\]:[^\n]*/y,
];

const fenceOpen = /(?<=^|\n)( {0,3})(`{3,}|~{3,})[^\n]*/y;

function matchAt(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  return match ? match[0] : null;
}

/** A fenced code block from `at` to its closing fence (or the end of the text, as CommonMark reads it). */
function fencedBlock(text: string, at: number): string | null {
  fenceOpen.lastIndex = at;
  const open = fenceOpen.exec(text);
  if (!open) return null;
  const fence = open[2] as string;
  const close = new RegExp(`\\n {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*(?=\\n|$)`, 'g');
  close.lastIndex = at + open[0].length;
  const end = close.exec(text);
  return text.slice(at, end ? end.index + end[0].length : text.length);
}

function inlineCode(text: string, at: number): string | null {
  const run = matchAt(/`+/y, text, at);
  if (!run) return null;
  const close = new RegExp(`(?<!\`)${run}(?!\`)`, 'g');
  close.lastIndex = at + run.length;
  const end = close.exec(text);
  return end ? text.slice(at, end.index + run.length) : null;
}

/** Index of the `}` closing the `{` at `at`, or -1 when the braces do not balance. */
function closingBrace(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const icuSelectHead = /^(\s*[\p{L}\p{N}_.]+\s*,\s*(?:plural|selectordinal|select)\s*,)/u;

/**
 * `{n, plural, one {…} other {…}}` as keep/nested segments: the argument, keyword, selectors and offset are
 * kept, each case message is split again. Null when the body is not a well-formed plural or select.
 */
function icuCases(block: string, format: TextFormat): Segment[] | null {
  const inner = block.slice(1, -1);
  const head = icuSelectHead.exec(inner);
  if (!head) return null;
  const segments: Segment[] = [];
  let keep = '{' + head[1];
  let at = head[1]!.length;
  const selector = /\s*(?:offset:\s*\d+\s*)?(?:=\d+|[\p{L}\p{N}_-]+)\s*/uy;
  while (at < inner.length) {
    const rest = matchAt(/\s+$/y, inner, at);
    if (rest) {
      keep += rest;
      break;
    }
    const sel = matchAt(selector, inner, at);
    if (!sel || inner[at + sel.length] !== '{') return null;
    const open = at + sel.length;
    const close = closingBrace(inner, open);
    if (close < 0) return null;
    segments.push({ kind: 'keep', text: keep + sel + '{' });
    segments.push({ kind: 'nested', segments: splitSegments(inner.slice(open + 1, close), format) });
    keep = '}';
    at = close + 1;
  }
  if (segments.length === 0) return null;
  segments.push({ kind: 'keep', text: keep + '}' });
  return segments;
}

/** A `{…}` block: ICU plural/select cases are split; any other brace block (`{name}`, `{d, date}`) is kept. */
function braceBlock(text: string, at: number, format: TextFormat): { length: number; segments: Segment[] } | null {
  const close = closingBrace(text, at);
  if (close < 0) return null;
  const block = text.slice(at, close + 1);
  return { length: block.length, segments: icuCases(block, format) ?? [{ kind: 'keep', text: block }] };
}

function protectedAt(text: string, at: number, format: TextFormat): { length: number; segments: Segment[] } | null {
  const keep = (found: string | null) =>
    found ? { length: found.length, segments: [{ kind: 'keep', text: found }] as Segment[] } : null;
  const char = text[at];
  if (format === 'markdown') {
    if (char === '`' || char === '~' || char === ' ') {
      const fenced = keep(fencedBlock(text, at));
      if (fenced) return fenced;
    }
    if (char === '`') return keep(inlineCode(text, at));
    for (const pattern of markdownTokens) {
      const found = keep(matchAt(pattern, text, at));
      if (found) return found;
    }
  }
  if (char === '{' && text[at + 1] !== '{') return braceBlock(text, at, format);
  for (const pattern of commonTokens) {
    const found = keep(matchAt(pattern, text, at));
    if (found) return found;
  }
  return null;
}

/** Segments in text order; joining their texts (nested ones recursively) gives the input back. */
export function splitSegments(text: string, format: TextFormat): Segment[] {
  const segments: Segment[] = [];
  let plain = '';
  let at = 0;
  while (at < text.length) {
    const found = protectedAt(text, at, format);
    if (!found) {
      plain += text[at];
      at += 1;
      continue;
    }
    if (plain) segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push(...found.segments);
    at += found.length;
  }
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}

export function joinSegments(segments: Segment[]): string {
  return segments.map((s) => (s.kind === 'nested' ? joinSegments(s.segments) : s.text)).join('');
}
