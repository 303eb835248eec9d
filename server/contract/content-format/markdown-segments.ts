import { type MarkerPiece, parseMarkers, validateMarkers } from './inline-markers.ts';
import { type MarkdownPiece, scanMarkdown } from './markdown-scan.ts';

type Kept = { kind: 'atom'; source: string } | { kind: 'pair'; open: string; close: string };

export type MarkdownRestore = { markdown: string } | { error: string };

export interface ProtectedMarkdown {
  /** The Markdown to send, with what must not change replaced by numbered markers. */
  text: string;
  restore(translated: string): MarkdownRestore;
}

/** Text that already reads like a marker (`<1>` written in the prose) is kept aside too, so it is not taken for one. */
const markerLike = /<\d+>|<\/\d+>|<\d+\s*\/>/g;

function splitMarkerLike(text: string): MarkdownPiece[] {
  const pieces: MarkdownPiece[] = [];
  let from = 0;
  for (const match of text.matchAll(markerLike)) {
    if (match.index > from) pieces.push({ kind: 'text', text: text.slice(from, match.index) });
    pieces.push({ kind: 'atom', source: match[0] });
    from = match.index + match[0].length;
  }
  if (from < text.length) pieces.push({ kind: 'text', text: text.slice(from) });
  return pieces;
}

/**
 * Markdown as one string for translation. Link and image targets become pairs around the translatable text
 * (`[text](url "title")` is `<1>text</1>`, an image's alt text likewise); code spans, fenced code, autolinks,
 * bare URLs, raw HTML, reference definitions and footnote references become atoms (`<2/>`). Headings, lists,
 * emphasis and tables stay as written: the model is told to keep Markdown syntax. Nothing is escaped, so
 * `restore` of the unchanged text gives back the Markdown byte for byte.
 */
export function protectMarkdown(markdown: string): ProtectedMarkdown {
  const kept = new Map<number, Kept>();
  let next = 1;
  const render = (pieces: MarkdownPiece[]): string =>
    pieces
      .flatMap((piece) => (piece.kind === 'text' ? splitMarkerLike(piece.text) : [piece]))
      .map((piece) => {
        if (piece.kind === 'text') return piece.text;
        const n = next++;
        if (piece.kind === 'atom') {
          kept.set(n, piece);
          return `<${n}/>`;
        }
        kept.set(n, { kind: 'pair', open: piece.open, close: piece.close });
        return `<${n}>${render(piece.children)}</${n}>`;
      })
      .join('');
  const text = render(scanMarkdown(markdown));

  const join = (pieces: MarkerPiece[]): string =>
    pieces
      .map((piece) => {
        if (piece.kind === 'text') return piece.text;
        const marker = kept.get(piece.n);
        if (marker?.kind === 'atom') return marker.source;
        if (marker?.kind === 'pair' && piece.kind === 'pair') return marker.open + join(piece.children) + marker.close;
        return '';
      })
      .join('');

  return {
    text,
    restore(translated) {
      const reason = validateMarkers(text, translated);
      const parsed = parseMarkers(translated);
      if (reason !== null) return { error: reason };
      if (!parsed.ok) return { error: parsed.reason };
      return { markdown: join(parsed.pieces) };
    },
  };
}
