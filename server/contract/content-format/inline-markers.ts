/**
 * Numbered inline markers: the one way formatted text travels to a translator (a model or a person).
 * `<1>…</1>` wraps text that carries formatting or a link, `<2/>` stands for something that is not text (a line
 * break, an emoji, inline code). Numbers are unique in a string and counted from 1 in reading order, pairs and
 * atoms sharing one count. A translation must carry the same markers (the same pairs, the same atoms, well
 * nested) but may move them: word order differs between languages.
 */
export type MarkerPiece =
  { kind: 'text'; text: string } | { kind: 'atom'; n: number } | { kind: 'pair'; n: number; children: MarkerPiece[] };

export type MarkerParse = { ok: true; pieces: MarkerPiece[] } | { ok: false; reason: string };

/** Models now and then write `<2 />`; that is the same atom, not stray text. */
const markerPattern = /<(\d+)>|<\/(\d+)>|<(\d+)\s*\/>/g;

/** Parses a marker string into a tree; fails on markers that are unclosed, closed twice or not well nested. */
export function parseMarkers(text: string): MarkerParse {
  const root: MarkerPiece[] = [];
  const stack: Array<{ n: number; children: MarkerPiece[] }> = [];
  const seen = new Set<number>();
  const current = () => stack.at(-1)?.children ?? root;
  const pushText = (value: string) => {
    if (value === '') return;
    const siblings = current();
    const last = siblings.at(-1);
    if (last?.kind === 'text') last.text += value;
    else siblings.push({ kind: 'text', text: value });
  };
  let from = 0;
  for (const match of text.matchAll(markerPattern)) {
    pushText(text.slice(from, match.index));
    from = match.index + match[0].length;
    const [, open, close, atom] = match;
    if (close !== undefined) {
      const n = Number(close);
      const top = stack.pop();
      if (top === undefined) return { ok: false, reason: `</${n}> closes a marker that is not open` };
      if (top.n !== n) return { ok: false, reason: `</${n}> closes <${top.n}>: markers are not well nested` };
      current().push({ kind: 'pair', n, children: top.children });
      continue;
    }
    const n = Number(open ?? atom);
    if (seen.has(n)) return { ok: false, reason: `marker ${n} appears twice` };
    seen.add(n);
    if (atom !== undefined) current().push({ kind: 'atom', n });
    else stack.push({ n, children: [] });
  }
  pushText(text.slice(from));
  const unclosed = stack.at(-1);
  if (unclosed !== undefined) return { ok: false, reason: `<${unclosed.n}> is not closed` };
  return { ok: true, pieces: root };
}

function markerKinds(pieces: MarkerPiece[], into = new Map<number, 'pair' | 'atom'>()) {
  for (const piece of pieces) {
    if (piece.kind === 'atom') into.set(piece.n, 'atom');
    if (piece.kind === 'pair') {
      into.set(piece.n, 'pair');
      markerKinds(piece.children, into);
    }
  }
  return into;
}

/** The text outside markers, as a reader sees it. */
export function markerFreeText(pieces: MarkerPiece[]): string {
  return pieces
    .map((piece) => (piece.kind === 'text' ? piece.text : piece.kind === 'pair' ? markerFreeText(piece.children) : ''))
    .join('');
}

const show = (n: number, kind: 'pair' | 'atom') => (kind === 'atom' ? `<${n}/>` : `<${n}>…</${n}>`);

/**
 * Why a translation's markers do not match its source's, or null when they match: the same numbers, each
 * still a pair or still an atom, well nested. A blank translation of a source with text is refused too, so
 * the caller retries rather than wiping a block.
 */
export function validateMarkers(source: string, translated: string): string | null {
  const parsedSource = parseMarkers(source);
  if (!parsedSource.ok) return `the source text has broken markers: ${parsedSource.reason}`;
  const parsed = parseMarkers(translated);
  if (!parsed.ok) return parsed.reason;
  const expected = markerKinds(parsedSource.pieces);
  const actual = markerKinds(parsed.pieces);
  for (const [n, kind] of expected) {
    const found = actual.get(n);
    if (found === undefined) return `marker ${show(n, kind)} is missing`;
    if (found !== kind) return `marker ${n} should be ${show(n, kind)}`;
  }
  for (const [n, kind] of actual) {
    if (!expected.has(n)) return `unexpected marker ${show(n, kind)}`;
  }
  if (markerFreeText(parsedSource.pieces).trim() !== '' && markerFreeText(parsed.pieces).trim() === '') {
    return 'the translation is empty';
  }
  return null;
}

/** Text that contains `<`, `>` or `&` itself is escaped so that it never reads as a marker. */
export function escapeMarkerText(text: string): string {
  return text.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
}

/** Undoes escapeMarkerText; a bare `&` a model wrote stays as it is. */
export function unescapeMarkerText(text: string): string {
  return text.replace(/&(lt|gt|amp);/g, (_, name: string) => (name === 'lt' ? '<' : name === 'gt' ? '>' : '&'));
}
