import {
  escapeMarkerText,
  markerFreeText,
  parseMarkers,
  unescapeMarkerText,
  validateMarkers,
} from './inline-markers.ts';
import { decodeInline, encodeInline, type InlineEncoding, type InlineMarker } from './richtext-inline.ts';
import type { RichtextNode } from './richtext.ts';

/** One text block of a richtext document, as it is sent for translation. */
export interface RichtextSegment {
  /** `b0`, `b1`… in document order: stable for the same document. */
  id: string;
  /** The block's inline content with numbered markers (see inline-markers.ts and encodeInline). */
  text: string;
  /**
   * The block's node type: paragraph, heading, or an unknown type that holds text; `image_alt` and `image_title`
   * for the alt text and title of an image (`i<n>.alt`, `i<n>.title`: the document's n-th image, from 0).
   */
  kind: string;
}

export interface RichtextRebuild {
  doc: RichtextNode;
  /** Ids of segments whose translation was refused (markers did not match); those blocks keep their source. */
  failed: string[];
}

export interface RichtextSegments {
  segments: RichtextSegment[];
  /** What each marker of a segment stands for, so a person editing the text can be shown it. */
  legend(id: string): ReadonlyMap<number, InlineMarker>;
  rebuild(translations: Map<string, string> | Record<string, string>): RichtextRebuild;
}

/** Nodes kept whole: code is not translated, and embedded bloks' fields are keys of their own. */
const verbatim = new Set(['code_block', 'blok']);

/** A block whose children are inline: it holds text directly (paragraph, heading, an unknown node with text). */
function isTextBlock(node: RichtextNode): boolean {
  return node.type !== 'text' && Array.isArray(node.content) && node.content.some((child) => child.type === 'text');
}

interface Located {
  segment: RichtextSegment;
  path: number[];
  encoding: InlineEncoding;
}

function findTextBlocks(doc: RichtextNode): Located[] {
  const found: Located[] = [];
  // An explicit stack: documents can nest deeper than a comfortable recursion.
  const stack: Array<{ node: RichtextNode; path: number[] }> = [{ node: doc, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (verbatim.has(node.type)) continue;
    if (isTextBlock(node)) {
      const encoding = encodeInline(node.content ?? []);
      const parsed = parseMarkers(encoding.text);
      if (parsed.ok && markerFreeText(parsed.pieces).trim() !== '') {
        found.push({ segment: { id: `b${found.length}`, text: encoding.text, kind: node.type }, path, encoding });
      }
      continue;
    }
    const children = Array.isArray(node.content) ? node.content : [];
    for (let index = children.length - 1; index >= 0; index -= 1) {
      stack.push({ node: children[index]!, path: [...path, index] });
    }
  }
  return found;
}

/**
 * Drops empty text nodes outside code and bloks: ProseMirror refuses them ("Empty text nodes are not allowed"),
 * so a source that has them is not carried over into a translation that would then fail to open.
 */
function dropEmptyTexts(doc: RichtextNode): void {
  const stack = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (verbatim.has(node.type) || !Array.isArray(node.content)) continue;
    const kept = node.content.filter((child) => child.type !== 'text' || (child.text ?? '') !== '');
    if (kept.length === 0 && node.content.length > 0) delete node.content;
    else if (kept.length < node.content.length) node.content = kept;
    stack.push(...kept);
  }
}

const imageTextAttrs = ['alt', 'title'] as const;

interface ImageText {
  segment: RichtextSegment;
  /** Which image of the document, in reading order. */
  image: number;
  attr: (typeof imageTextAttrs)[number];
}

/** The document's images outside code and embedded bloks, in reading order. */
function imagesOf(doc: RichtextNode): RichtextNode[] {
  const found: RichtextNode[] = [];
  const stack: RichtextNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (verbatim.has(node.type)) continue;
    if (node.type === 'image') found.push(node);
    const children = Array.isArray(node.content) ? node.content : [];
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
  return found;
}

/** What a reader of each image hears or sees of it: its alt text and title, where it has them. */
function findImageTexts(doc: RichtextNode): ImageText[] {
  return imagesOf(doc).flatMap((node, image) =>
    imageTextAttrs.flatMap((attr) => {
      const value = node.attrs?.[attr];
      if (typeof value !== 'string' || value.trim() === '') return [];
      const segment = { id: `i${image}.${attr}`, text: escapeMarkerText(value), kind: `image_${attr}` };
      return [{ segment, image, attr }];
    }),
  );
}

function nodeAt(doc: RichtextNode, path: number[]): RichtextNode {
  return path.reduce<RichtextNode>((node, index) => node.content![index]!, doc);
}

/**
 * Splits a richtext document into its text blocks (paragraphs, headings, and the paragraphs inside list items,
 * quotes and table cells), each one string with markers for marks, links and inline elements, followed by the
 * alt texts and titles of its images (plain texts, escaped as marker text). Code blocks,
 * embedded bloks and blocks without text are not segments; they and everything outside the blocks' inline
 * content come back from `rebuild` exactly as they were, unknown node and mark types included.
 *
 * `rebuild` with every segment's own text returns a document deep-equal to the input when the input is
 * normalized (no empty texts, neighbouring texts with the same marks merged, one order of marks for one set);
 * otherwise translated blocks come back normalized, with the same text and marks, and empty text nodes are
 * dropped everywhere outside code and bloks.
 */
export function segmentRichtext(doc: RichtextNode): RichtextSegments {
  const source = structuredClone(doc);
  const located = findTextBlocks(source);
  const imageTexts = findImageTexts(source);
  return {
    segments: [...located, ...imageTexts].map(({ segment }) => ({ ...segment })),
    legend: (id) => located.find(({ segment }) => segment.id === id)?.encoding.markers ?? new Map(),
    rebuild(translations) {
      const lookup = (id: string) =>
        translations instanceof Map
          ? translations.get(id)
          : Object.hasOwn(translations, id)
            ? translations[id]
            : undefined;
      const out = structuredClone(source);
      const failed: string[] = [];
      for (const { segment, path, encoding } of located) {
        const translated = lookup(segment.id);
        if (typeof translated !== 'string') continue;
        const parsed = parseMarkers(translated);
        if (!parsed.ok || validateMarkers(segment.text, translated) !== null) {
          failed.push(segment.id);
          continue;
        }
        const block = nodeAt(out, path);
        const content = decodeInline(parsed.pieces, encoding);
        if (content.length > 0) block.content = content;
        else delete block.content;
      }
      const images = imagesOf(out);
      for (const { segment, image, attr } of imageTexts) {
        const translated = lookup(segment.id);
        if (typeof translated !== 'string') continue;
        const parsed = parseMarkers(translated);
        const node = images[image];
        if (!parsed.ok || validateMarkers(segment.text, translated) !== null || !node) {
          failed.push(segment.id);
          continue;
        }
        node.attrs = { ...node.attrs, [attr]: unescapeMarkerText(markerFreeText(parsed.pieces)) };
      }
      dropEmptyTexts(out);
      return { doc: out, failed };
    },
  };
}
