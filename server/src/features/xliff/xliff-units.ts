import {
  escapeMarkerText,
  markerFreeText,
  parseMarkers,
  unescapeMarkerText,
  type MarkerPiece,
} from '#contract/content-format/inline-markers.ts';
import { encodeInline, markKey, type InlineMarker } from '#contract/content-format/richtext-inline.ts';
import { segmentRichtext } from '#contract/content-format/richtext-segments.ts';
import { isRichtextDoc, type RichtextNode } from '#contract/content-format/richtext.ts';

/**
 * A key as one XLIFF unit. Text fields are one segment of plain text. A richtext field is one segment per text
 * block of its source, as the editor splits it (richtext-segments.ts): marks and links become `<pc>` codes and
 * inline nodes `<ph>` codes, numbered as the editor's markers; embedded bloks and code blocks are kept parts (an
 * `<ignorable>` holding one `<ph>`) in document order, for the translator to see where they stand.
 */
export interface UnitSegment {
  kind: 'segment';
  id: string;
  /** Marker pieces whose text is literal (not marker-escaped). */
  source: MarkerPiece[];
  target: MarkerPiece[] | null;
  legend: ReadonlyMap<number, InlineMarker>;
}

export interface UnitKept {
  kind: 'kept';
  id: string;
  node: RichtextNode;
}

export type UnitPart = UnitSegment | UnitKept;

export interface KeySource {
  fieldType: string;
  value: unknown;
  valueText: string;
}

/** Marker text (escaped) to pieces of literal text; null when the markers are broken. */
export function piecesOf(markerText: string): MarkerPiece[] | null {
  const parsed = parseMarkers(markerText);
  if (!parsed.ok) return null;
  const unescape = (pieces: MarkerPiece[]): MarkerPiece[] =>
    pieces.map((piece) =>
      piece.kind === 'text'
        ? { kind: 'text', text: unescapeMarkerText(piece.text) }
        : piece.kind === 'pair'
          ? { ...piece, children: unescape(piece.children) }
          : piece,
    );
  return unescape(parsed.pieces);
}

/** Pieces of literal text back to marker text, as the editor holds a block. */
export function markerTextOf(pieces: MarkerPiece[]): string {
  return pieces
    .map((piece) =>
      piece.kind === 'text'
        ? escapeMarkerText(piece.text)
        : piece.kind === 'atom'
          ? `<${piece.n}/>`
          : `<${piece.n}>${markerTextOf(piece.children)}</${piece.n}>`,
    )
    .join('');
}

const textPieces = (text: string): MarkerPiece[] => (text === '' ? [] : [{ kind: 'text', text }]);

export const TEXT_SEGMENT_ID = 's0';

/** What a text field's value is as text: its string, or the readable text of anything else. */
export function textOf(value: unknown, valueText: string): string {
  return typeof value === 'string' ? value : valueText;
}

/** The key's unit: its source, with the translation as targets where it lines up with the source. */
export function unitParts(key: KeySource, translation: unknown): UnitPart[] {
  if (key.fieldType !== 'richtext') {
    const target = translation === null || translation === undefined ? null : textOf(translation, '');
    return [
      {
        kind: 'segment',
        id: TEXT_SEGMENT_ID,
        source: textPieces(textOf(key.value, key.valueText)),
        target: target === null || target === '' ? null : textPieces(target),
        legend: new Map(),
      },
    ];
  }
  const source = isRichtextDoc(key.value) ? key.value : { type: 'doc', content: [] };
  const { segments, legend } = segmentRichtext(source);
  const targets = isRichtextDoc(translation) ? (alignment(source, translation)?.texts ?? null) : null;
  const kept = keptNodes(source);
  const parts: UnitPart[] = [];
  segments.forEach((segment, index) => {
    for (const node of kept.before.get(index) ?? []) parts.push({ kind: 'kept', id: `k${parts.length}`, node });
    const targetText = targets?.[index];
    parts.push({
      kind: 'segment',
      id: segment.id,
      source: piecesOf(segment.text) ?? [],
      target: targetText === undefined ? null : (piecesOf(targetText) ?? null),
      legend: legend(segment.id),
    });
  });
  for (const node of kept.before.get(segments.length) ?? []) parts.push({ kind: 'kept', id: `k${parts.length}`, node });
  return parts;
}

/** Whether a text block is a segment: the same test segmentRichtext applies (text outside markers). */
function isSegmentBlock(node: RichtextNode): boolean {
  if (node.type === 'text' || !Array.isArray(node.content) || !node.content.some((child) => child.type === 'text'))
    return false;
  const parsed = parseMarkers(encodeInline(node.content).text);
  return parsed.ok && markerFreeText(parsed.pieces).trim() !== '';
}

const keptTypes = new Set(['blok', 'code_block']);

/** Embedded bloks and code blocks in document order, by the number of segments before each. */
function keptNodes(doc: RichtextNode): { before: Map<number, RichtextNode[]> } {
  const before = new Map<number, RichtextNode[]>();
  let segmentsSeen = 0;
  const stack: RichtextNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (keptTypes.has(node.type)) {
      before.set(segmentsSeen, [...(before.get(segmentsSeen) ?? []), node]);
      continue;
    }
    const isText = node.type !== 'text' && (node.content ?? []).some((child) => child.type === 'text');
    if (isText) {
      if (isSegmentBlock(node)) segmentsSeen += 1;
      continue;
    }
    const children = Array.isArray(node.content) ? node.content : [];
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
  return { before };
}

/** An atom as compared: an image is the same image whatever its alt text and title say (they are translated). */
function atomIdentity(node: RichtextNode): string {
  if (node.type !== 'image' || !node.attrs) return JSON.stringify(node);
  const { alt: _alt, title: _title, ...attrs } = node.attrs;
  return JSON.stringify({ ...node, attrs });
}

/** What a marker stands for, compared by value: the set of marks of a pair, the node of an atom. */
function markerIdentity(marker: InlineMarker): string {
  if (marker.kind === 'atom') return `atom:${atomIdentity(marker.node)}`;
  return `pair:${marker.marks.map(markKey).sort().join('\n')}`;
}

/**
 * Numbers of the translation's markers mapped to the source's that stand for the same thing, in reading order;
 * null when the two do not carry the same markers (the translation's formatting differs from the source's).
 */
export function markerMapping(
  from: ReadonlyMap<number, InlineMarker>,
  to: ReadonlyMap<number, InlineMarker>,
): Map<number, number> | null {
  if (from.size !== to.size) return null;
  const free = [...to].map(([n, marker]) => ({ n, identity: markerIdentity(marker) }));
  const mapping = new Map<number, number>();
  for (const [n, marker] of from) {
    const identity = markerIdentity(marker);
    const index = free.findIndex((candidate) => candidate.identity === identity);
    if (index === -1) return null;
    mapping.set(n, free[index]!.n);
    free.splice(index, 1);
  }
  return mapping;
}

export function renumber(pieces: MarkerPiece[], mapping: ReadonlyMap<number, number>): MarkerPiece[] {
  return pieces.map((piece) =>
    piece.kind === 'text'
      ? piece
      : piece.kind === 'atom'
        ? { kind: 'atom', n: mapping.get(piece.n) ?? piece.n }
        : { kind: 'pair', n: mapping.get(piece.n) ?? piece.n, children: renumber(piece.children, mapping) },
  );
}

export interface Alignment {
  /** The translation's blocks as marker texts numbered as the source's. */
  texts: string[];
  /** Per block, the source's marker numbers to the translation's own. */
  toTranslation: Array<Map<number, number>>;
}

/**
 * How a translation lines up with its source: when it has the source's blocks with the same formatting in each
 * (a translation made in the editor from this source does), its texts numbered as the source's; otherwise null.
 */
export function alignment(source: RichtextNode, translation: RichtextNode): Alignment | null {
  const ours = segmentRichtext(source);
  const theirs = segmentRichtext(translation);
  if (ours.segments.length !== theirs.segments.length || ours.segments.length === 0) return null;
  const texts: string[] = [];
  const toTranslation: Array<Map<number, number>> = [];
  for (const [index, segment] of theirs.segments.entries()) {
    const mapping = markerMapping(theirs.legend(segment.id), ours.legend(ours.segments[index]!.id));
    const pieces = piecesOf(segment.text);
    if (mapping === null || pieces === null) return null;
    texts.push(markerTextOf(renumber(pieces, mapping)));
    toTranslation.push(new Map([...mapping].map(([theirN, ourN]) => [ourN, theirN])));
  }
  return { texts, toTranslation };
}
