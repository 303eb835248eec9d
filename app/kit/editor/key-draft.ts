import { stripInvisible, stripInvisibleDeep } from '#contract/content-format/invisible.ts';
import type { TranslatableKey } from '#contract/content.ts';
import { markdownToPlainText } from '#contract/content-format/markdown.ts';
import {
  markerFreeText,
  parseMarkers,
  unescapeMarkerText,
  validateMarkers,
} from '#contract/content-format/inline-markers.ts';
import { isRichtextDoc, type RichtextNode } from '#contract/content-format/richtext.ts';
import {
  segmentRichtext,
  type RichtextSegment,
  type RichtextSegments,
} from '#contract/content-format/richtext-segments.ts';
import { editorKindOf } from './key-label.ts';

/**
 * What the translator is editing for one key. Richtext is edited block by block: `base` is the document whose
 * structure is kept (the saved translation, the source, or an AI answer) and `texts` the marker strings of its
 * text blocks, so marks, links, embedded bloks and code blocks cannot be broken by typing.
 */
export type DraftValue = { kind: 'text'; text: string } | { kind: 'richtext'; base: RichtextNode; texts: string[] };

type DraftKey = Pick<TranslatableKey, 'field_type' | 'value' | 'translated_key_value'>;

const segmentCache = new WeakMap<RichtextNode, RichtextSegments>();

/** Segmenting a large document is not free: one per document object, reused by every render. */
export function segmentsOf(doc: RichtextNode): RichtextSegments {
  let segments = segmentCache.get(doc);
  if (!segments) {
    segments = segmentRichtext(doc);
    segmentCache.set(doc, segments);
  }
  return segments;
}

const EMPTY_DOC: RichtextNode = { type: 'doc', content: [] };

function sourceDoc(key: DraftKey): RichtextNode {
  return isRichtextDoc(key.value) ? key.value : EMPTY_DOC;
}

function richtextDraft(base: RichtextNode, filled: boolean): DraftValue {
  return { kind: 'richtext', base, texts: segmentsOf(base).segments.map((segment) => (filled ? segment.text : '')) };
}

/** The saved translation as an editor value; a key without one starts empty (richtext: the source's blocks, empty). */
export function savedValue(key: DraftKey): DraftValue {
  if (editorKindOf(key.field_type) !== 'richtext') {
    return { kind: 'text', text: typeof key.translated_key_value === 'string' ? key.translated_key_value : '' };
  }
  const saved = key.translated_key_value;
  if (isRichtextDoc(saved) && segmentsOf(saved).segments.length > 0) return richtextDraft(saved, true);
  return richtextDraft(sourceDoc(key), false);
}

/** The source as a starting point: the translator overwrites its words, its formatting is already there. */
export function sourceValue(key: DraftKey): DraftValue {
  // What the translator copies is what they see: invisible characters of the source stay behind.
  if (editorKindOf(key.field_type) !== 'richtext') {
    return { kind: 'text', text: typeof key.value === 'string' ? stripInvisible(key.value) : '' };
  }
  return richtextDraft(stripInvisibleDeep(sourceDoc(key)), true);
}

/** An AI answer (not saved yet) as an editor value. */
export function answerValue(key: DraftKey, content: unknown): DraftValue {
  if (editorKindOf(key.field_type) !== 'richtext')
    return { kind: 'text', text: typeof content === 'string' ? content : '' };
  if (isRichtextDoc(content)) return richtextDraft(content, true);
  const text = typeof content === 'string' ? content : '';
  return richtextDraft({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] }, true);
}

export function sameValue(a: DraftValue, b: DraftValue): boolean {
  if (a.kind === 'text') return b.kind === 'text' && a.text === b.text;
  if (b.kind === 'text') return false;
  if (a.texts.length !== b.texts.length || a.texts.some((text, index) => text !== b.texts[index])) return false;
  return a.base === b.base || JSON.stringify(a.base) === JSON.stringify(b.base);
}

const isBlank = (value: DraftValue) =>
  value.kind === 'text' ? value.text.trim() === '' : value.texts.every((text) => text.trim() === '');

/** Why each richtext block cannot be saved as it is (null: fine). Clearing every block is fine: it removes the translation. */
export function blockProblems(value: DraftValue): Array<string | null> {
  if (value.kind === 'text' || isBlank(value)) return value.kind === 'text' ? [] : value.texts.map(() => null);
  const { segments } = segmentsOf(value.base);
  return value.texts.map((text, index) => {
    if (text.trim() === '') {
      return isImageText(segments[index])
        ? 'This image text is not translated yet.'
        : 'This block is not translated yet.';
    }
    const problem = validateMarkers(segments[index]?.text ?? '', text);
    return problem === null ? null : `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
  });
}

const isImageText = (segment: RichtextSegment | undefined) => segment?.kind.startsWith('image_') ?? false;

/** A segment as the editor names it: `Block 2`, `Alt text of image 1`, `Title of image 1`. */
export function segmentName(segment: RichtextSegment, index: number): string {
  const image = /^i(\d+)\./.exec(segment.id);
  if (image && segment.kind === 'image_alt') return `Alt text of image ${Number(image[1]) + 1}`;
  if (image && segment.kind === 'image_title') return `Title of image ${Number(image[1]) + 1}`;
  return `Block ${index + 1}`;
}

/** The field's label for one segment: the key's label alone for a document of one block. */
export function segmentLabel(label: string, segments: RichtextSegment[], index: number): string {
  const segment = segments[index]!;
  if (isImageText(segment)) return `${label}, ${segmentName(segment, index).toLowerCase()}`;
  const blocks = segments.filter((item) => !isImageText(item)).length;
  return blocks > 1 ? `${label}, block ${index + 1} of ${blocks}` : label;
}

export function canSave(value: DraftValue): boolean {
  return blockProblems(value).every((problem) => problem === null);
}

/** What save_translation takes: text, or the rebuilt document; empty text removes the translation. */
/** A document as save_translation takes it. */
export type SavedDoc = { type: 'doc'; [field: string]: unknown };

export function valueToSave(value: DraftValue): string | SavedDoc {
  if (value.kind === 'text') return value.text;
  if (isBlank(value)) return '';
  const { segments, rebuild } = segmentsOf(value.base);
  const translations = new Map(segments.map((segment, index) => [segment.id, value.texts[index] ?? '']));
  return rebuild(translations).doc as SavedDoc;
}

/** The words a reader sees in the editor: markers and Markdown syntax left out (for word and character counts). */
export function readableText(value: DraftValue, fieldType: string): string {
  if (value.kind === 'text')
    return editorKindOf(fieldType) === 'markdown' ? markdownToPlainText(value.text) : value.text;
  return value.texts
    .map((text) => {
      const parsed = parseMarkers(text);
      return parsed.ok ? markerFreeText(parsed.pieces) : text.replace(/<\/?\d+\s*\/?>/g, '');
    })
    .map((text) => unescapeMarkerText(text).trim())
    .filter((text) => text !== '')
    .join('\n');
}

/** How many code blocks and embedded bloks a document carries: kept as they are, not edited as text. */
export function keptNodeCount(doc: RichtextNode): number {
  let count = 0;
  const stack = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'code_block' || node.type === 'blok') count += 1;
    else stack.push(...(node.content ?? []));
  }
  return count;
}
