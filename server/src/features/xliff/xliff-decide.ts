import { validateMarkers, type MarkerPiece } from '#contract/content-format/inline-markers.ts';
import { markKey } from '#contract/content-format/richtext-inline.ts';
import { segmentRichtext } from '#contract/content-format/richtext-segments.ts';
import { isRichtextDoc, type RichtextNode } from '#contract/content-format/richtext.ts';
import type { XliffSkipReason } from '#contract/xliff-rules.ts';
import type { XliffInline, XliffReadUnit } from './xliff-read.ts';
import { alignment, markerTextOf, renumber, unitParts, type KeySource, type UnitSegment } from './xliff-units.ts';

/** What an imported unit does to its key's translation. */
export type UnitDecision =
  | { kind: 'unchanged' }
  | { kind: 'skip'; reason: XliffSkipReason; message: string }
  | { kind: 'apply'; value: string | RichtextNode };

const skip = (reason: XliffSkipReason, message: string): UnitDecision => ({ kind: 'skip', reason, message });

/** A segment's inline content as marker pieces, its codes numbered back from the ids the export gave them. */
function toPieces(inline: XliffInline[], segmentId: string): MarkerPiece[] | string {
  const pieces: MarkerPiece[] = [];
  const prefix = `${segmentId}-`;
  for (const item of inline) {
    if (item.kind === 'unsupported')
      return `it holds <${item.name}>, which Polyblok does not read: keep the codes as exported`;
    if (item.kind === 'text') {
      const last = pieces.at(-1);
      if (last?.kind === 'text') last.text += item.text;
      else pieces.push({ kind: 'text', text: item.text });
      continue;
    }
    const n = item.id.startsWith(prefix) ? Number(item.id.slice(prefix.length)) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || String(n) !== item.id.slice(prefix.length)) {
      return `it holds a code "${item.id}" that was not exported with it`;
    }
    if (item.kind === 'ph') pieces.push({ kind: 'atom', n });
    else {
      const children = toPieces(item.children, segmentId);
      if (typeof children === 'string') return children;
      pieces.push({ kind: 'pair', n, children });
    }
  }
  return pieces;
}

const plainText = (pieces: MarkerPiece[]) =>
  pieces.every((piece) => piece.kind === 'text')
    ? pieces.map((piece) => (piece as { text: string }).text).join('')
    : null;

/** Documents compared by value, attribute order aside (as richtext-inline compares marks). */
const sameDoc = (a: unknown, b: unknown) => markKey(a as never) === markKey(b as never);

/**
 * Decides one unit of a file against the key as it is: its source must be the key's source now, its targets
 * must rebuild a value the editor would store, and a value equal to the stored translation changes nothing.
 */
export function decideUnit(key: KeySource, stored: unknown, unit: XliffReadUnit): UnitDecision {
  const ours = unitParts(key, stored).filter((part): part is UnitSegment => part.kind === 'segment');
  const sameIds =
    unit.segments.length === ours.length && unit.segments.every((segment, index) => segment.id === ours[index]!.id);
  if (!sameIds)
    return skip('source_changed', 'The source was split differently when this file was exported; export it again.');
  for (const [index, segment] of unit.segments.entries()) {
    const source = toPieces(segment.source, ours[index]!.id);
    if (typeof source === 'string' || markerTextOf(source) !== markerTextOf(ours[index]!.source)) {
      return skip(
        'source_changed',
        'The source text changed in Polyblok since this file was exported; export it again.',
      );
    }
  }
  const withTarget = unit.segments.filter((segment) => segment.target !== null).length;
  if (withTarget === 0) return { kind: 'unchanged' };
  if (withTarget < unit.segments.length) {
    return skip('invalid', 'Some blocks of this text have no target: translate every block of it.');
  }
  const targets: MarkerPiece[][] = [];
  for (const [index, segment] of unit.segments.entries()) {
    const target = toPieces(segment.target!, ours[index]!.id);
    if (typeof target === 'string')
      return skip('invalid', `The target of block ${index + 1} cannot be read: ${target}.`);
    targets.push(target);
  }
  if (key.fieldType !== 'richtext') return decideText(stored, targets[0]!);
  return decideRichtext(key, stored, ours, targets);
}

function decideText(stored: unknown, target: MarkerPiece[]): UnitDecision {
  const text = plainText(target);
  if (text === null) return skip('invalid', 'The target holds codes, but this field is plain text.');
  if (text.trim() === '') return skip('invalid', 'The target is empty: a file does not remove a translation.');
  return text === stored ? { kind: 'unchanged' } : { kind: 'apply', value: text };
}

function decideRichtext(key: KeySource, stored: unknown, ours: UnitSegment[], targets: MarkerPiece[][]): UnitDecision {
  const texts = targets.map(markerTextOf);
  for (const [index, text] of texts.entries()) {
    const problem = validateMarkers(markerTextOf(ours[index]!.source), text);
    if (problem !== null) return skip('invalid', `Block ${index + 1}: ${problem}.`);
  }
  if (ours.every((segment, index) => segment.target !== null && markerTextOf(segment.target) === texts[index])) {
    return { kind: 'unchanged' };
  }
  // As the editor saves: on the stored translation's own structure when it lines up with the source, otherwise
  // on the source's, as the editor starts a key without a translation.
  const source = key.value as RichtextNode;
  const aligned = isRichtextDoc(stored) ? alignment(source, stored) : null;
  const base = aligned && isRichtextDoc(stored) ? stored : source;
  const { segments, rebuild } = segmentRichtext(base);
  const byId = new Map(
    segments.map((segment, index) => {
      const mapping = aligned?.toTranslation[index];
      return [segment.id, mapping ? markerTextOf(renumber(targets[index]!, mapping)) : texts[index]!];
    }),
  );
  const { doc, failed } = rebuild(byId);
  if (failed.length > 0) return skip('invalid', 'The targets’ codes do not match the source’s formatting.');
  return sameDoc(doc, stored) ? { kind: 'unchanged' } : { kind: 'apply', value: doc };
}
