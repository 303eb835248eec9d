import { escapeMarkerText, unescapeMarkerText } from '#contract/content-format/inline-markers.ts';
import type { InlineMarker } from '#contract/content-format/richtext-inline.ts';

/** A marker string cut into what the chip editor shows: text (unescaped) and the markers as chips. */
export type MarkerToken = { kind: 'text'; text: string } | { kind: 'open' | 'close' | 'atom'; n: number };

const tokenPattern = /<(\d+)>|<\/(\d+)>|<(\d+)\s*\/>/g;

export function tokenizeMarkers(value: string): MarkerToken[] {
  const tokens: MarkerToken[] = [];
  let from = 0;
  for (const match of value.matchAll(tokenPattern)) {
    if (match.index > from) tokens.push({ kind: 'text', text: unescapeMarkerText(value.slice(from, match.index)) });
    from = match.index + match[0].length;
    if (match[1] !== undefined) tokens.push({ kind: 'open', n: Number(match[1]) });
    else if (match[2] !== undefined) tokens.push({ kind: 'close', n: Number(match[2]) });
    else tokens.push({ kind: 'atom', n: Number(match[3]) });
  }
  if (from < value.length) tokens.push({ kind: 'text', text: unescapeMarkerText(value.slice(from)) });
  return tokens;
}

export function markerSource(token: Exclude<MarkerToken, { kind: 'text' }>): string {
  if (token.kind === 'open') return `<${token.n}>`;
  if (token.kind === 'close') return `</${token.n}>`;
  return `<${token.n}/>`;
}

export function serializeTokens(tokens: readonly MarkerToken[]): string {
  return tokens.map((token) => (token.kind === 'text' ? escapeMarkerText(token.text) : markerSource(token))).join('');
}

export interface MissingMarker {
  n: number;
  /** `pair`: both ends are gone; `open` or `close`: only that end is. */
  kind: 'pair' | 'open' | 'close' | 'atom';
}

/** Markers (or ends of markers) of the source block that the translation lacks. */
export function missingMarkers(source: string, current: string): MissingMarker[] {
  const present = new Set(
    tokenizeMarkers(current).flatMap((token) => (token.kind === 'text' ? [] : [markerSource(token)])),
  );
  const missing = new Map<number, MissingMarker>();
  for (const token of tokenizeMarkers(source)) {
    if (token.kind === 'text' || token.kind === 'close') continue;
    if (token.kind === 'atom') {
      if (!present.has(markerSource(token))) missing.set(token.n, { n: token.n, kind: 'atom' });
      continue;
    }
    const open = present.has(`<${token.n}>`);
    const close = present.has(`</${token.n}>`);
    if (!open || !close) missing.set(token.n, { n: token.n, kind: !open && !close ? 'pair' : open ? 'close' : 'open' });
  }
  return [...missing.values()].sort((a, b) => a.n - b.n);
}

export type MarkerTone = 'link' | 'format' | 'atom';

const markNames: Record<string, string> = {
  bold: 'Bold',
  italic: 'Italic',
  strike: 'Strikethrough',
  underline: 'Underline',
  code: 'Code',
  superscript: 'Superscript',
  subscript: 'Subscript',
  highlight: 'Highlight',
  textStyle: 'Text style',
  styled: 'Style',
  anchor: 'Anchor',
};

const nodeNames: Record<string, string> = {
  hard_break: 'Line break',
  image: 'Image',
  emoji: 'Emoji',
};

/** What a chip says about its marker, in a tooltip: "Bold + Link to /blog", "Line break". */
export function describeMarker(marker: InlineMarker | undefined): { label: string; tone: MarkerTone } {
  if (!marker) return { label: 'Formatting', tone: 'format' };
  if (marker.kind === 'atom') {
    const { node } = marker;
    const emoji = node.type === 'emoji' && typeof node.attrs?.emoji === 'string' ? ` ${node.attrs.emoji}` : '';
    return { label: `${nodeNames[node.type] ?? node.type}${emoji}`, tone: 'atom' };
  }
  const label = marker.marks
    .map((mark) => {
      if (mark.type !== 'link') return markNames[mark.type] ?? mark.type;
      const href = typeof mark.attrs?.href === 'string' ? mark.attrs.href : '';
      return href ? `Link to ${href}` : 'Link';
    })
    .join(' + ');
  return { label, tone: marker.marks.some((mark) => mark.type === 'link') ? 'link' : 'format' };
}
