import { escapeMarkerText, type MarkerPiece, unescapeMarkerText } from './inline-markers.ts';
import type { RichtextMark, RichtextNode } from './richtext.ts';

/** What a marker stands for: the marks around a pair's text, or the inline node an atom replaces. */
export type InlineMarker = { kind: 'pair'; marks: RichtextMark[] } | { kind: 'atom'; node: RichtextNode };

/** The inline content of one text block as a marker string, with what each marker stands for. */
export interface InlineEncoding {
  text: string;
  markers: Map<number, InlineMarker>;
  /** The source's own marks array for each set of marks, so rebuilt texts list their marks in the same order. */
  marksBySet: Map<string, RichtextMark[] | undefined>;
  /** Order of first appearance, for sets of marks no source text had (a translator nested markers anew). */
  markRank: Map<string, number>;
}

/** Marks are compared by value: attrs key order must not make two equal links differ. */
export function markKey(mark: RichtextMark): string {
  return stableJson(mark);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const setKey = (marks: RichtextMark[] | undefined) => [...new Set((marks ?? []).map(markKey))].sort().join('\n');

const isText = (node: RichtextNode) => node.type === 'text';

/**
 * Encodes inline content. Marker scheme: reading left to right, a text's marks that are not open yet are opened,
 * the ones lasting longest (over the most following texts) outermost and marks ending together sharing one
 * marker; when a text lacks a mark, that marker and every marker inside it close (inner ones reopen under new
 * numbers if they go on). Markers therefore always nest: `<1>bold <2>link</2></1>`. A mark that outlives the
 * marker around it is split in two markers carrying equal marks. Atoms (every non-text node) take the next
 * number, after closing the markers the next text does not continue. Empty texts are skipped.
 */
export function encodeInline(content: RichtextNode[]): InlineEncoding {
  const items = content.filter((node) => !isText(node) || (node.text ?? '') !== '');
  const keysOf = items.map((node) => (isText(node) ? new Set((node.marks ?? []).map(markKey)) : null));
  const markers = new Map<number, InlineMarker>();
  const marksBySet = new Map<string, RichtextMark[] | undefined>();
  const markRank = new Map<string, number>();
  const stack: Array<{ n: number; keys: string[] }> = [];
  let text = '';
  let next = 1;

  const closeUntil = (keys: Set<string>) => {
    let keep = 0;
    while (keep < stack.length && stack[keep]!.keys.every((key) => keys.has(key))) keep += 1;
    while (stack.length > keep) text += `</${stack.pop()!.n}>`;
  };
  const lastTextWith = (from: number, key: string) => {
    let last = from;
    for (let index = from + 1; index < items.length; index += 1) {
      const keys = keysOf[index];
      if (keys === null || keys === undefined) continue;
      if (!keys.has(key)) break;
      last = index;
    }
    return last;
  };

  items.forEach((node, index) => {
    const keys = keysOf[index];
    if (keys === null || keys === undefined) {
      const following = keysOf.slice(index + 1).find((set) => set !== null) ?? new Set<string>();
      closeUntil(following);
      markers.set(next, { kind: 'atom', node });
      text += `<${next}/>`;
      next += 1;
      return;
    }
    const marks = node.marks ?? [];
    if (!marksBySet.has(setKey(marks))) marksBySet.set(setKey(marks), node.marks);
    for (const mark of marks) if (!markRank.has(markKey(mark))) markRank.set(markKey(mark), markRank.size);
    closeUntil(keys);
    const open = new Set(stack.flatMap((entry) => entry.keys));
    const groups = new Map<number, RichtextMark[]>();
    for (const mark of marks) {
      const key = markKey(mark);
      if (open.has(key)) continue;
      open.add(key);
      const end = lastTextWith(index, key);
      groups.set(end, [...(groups.get(end) ?? []), mark]);
    }
    for (const [, group] of [...groups].sort(([a], [b]) => b - a)) {
      markers.set(next, { kind: 'pair', marks: group });
      stack.push({ n: next, keys: group.map(markKey) });
      text += `<${next}>`;
      next += 1;
    }
    text += escapeMarkerText(node.text ?? '');
  });
  closeUntil(new Set());
  return { text, markers, marksBySet, markRank };
}

/** The marks of a piece inside the given markers, listed as a source text with the same marks lists them. */
function marksFor(path: RichtextMark[], encoding: InlineEncoding): RichtextMark[] | undefined {
  const known = encoding.marksBySet.get(setKey(path));
  if (encoding.marksBySet.has(setKey(path))) return known === undefined ? undefined : structuredClone(known);
  // A new combination: one mark per type (the innermost wins), as ProseMirror allows no two links on a text.
  const byType = new Map<string, RichtextMark>();
  for (const mark of path) byType.set(mark.type, mark);
  const rank = (mark: RichtextMark) => encoding.markRank.get(markKey(mark)) ?? Number.MAX_SAFE_INTEGER;
  const marks = [...byType.values()].sort((a, b) => rank(a) - rank(b));
  return marks.length === 0 ? undefined : structuredClone(marks);
}

/**
 * Rebuilds inline content from parsed markers whose numbers match the encoding: each text gets the marks of the
 * markers around it, atoms come back as they were, empty texts are dropped and neighbours with equal marks merge.
 */
export function decodeInline(pieces: MarkerPiece[], encoding: InlineEncoding): RichtextNode[] {
  const out: RichtextNode[] = [];
  const walk = (list: MarkerPiece[], path: RichtextMark[]) => {
    for (const piece of list) {
      const marker = piece.kind === 'text' ? undefined : encoding.markers.get(piece.n);
      if (piece.kind === 'text') {
        const value = unescapeMarkerText(piece.text);
        if (value === '') continue;
        const marks = marksFor(path, encoding);
        const last = out.at(-1);
        if (last !== undefined && isText(last) && setKeyOrdered(last.marks) === setKeyOrdered(marks)) {
          last.text = `${last.text ?? ''}${value}`;
        } else out.push(marks === undefined ? { type: 'text', text: value } : { type: 'text', text: value, marks });
      } else if (piece.kind === 'atom' && marker?.kind === 'atom') {
        out.push(structuredClone(marker.node));
      } else if (piece.kind === 'pair' && marker?.kind === 'pair') {
        walk(piece.children, [...path, ...marker.marks]);
      }
    }
  };
  walk(pieces, []);
  return out;
}

const setKeyOrdered = (marks: RichtextMark[] | undefined) => (marks ?? []).map(markKey).join('\n');
