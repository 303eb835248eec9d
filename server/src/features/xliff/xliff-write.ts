import type { MarkerPiece } from '#contract/content-format/inline-markers.ts';
import type { InlineMarker } from '#contract/content-format/richtext-inline.ts';
import type { RichtextMark, RichtextNode } from '#contract/content-format/richtext.ts';
import { XLIFF_NAMESPACE } from '#contract/xliff-rules.ts';
import type { UnitPart } from './xliff-units.ts';

/**
 * A small strict XLIFF 2.0 writer: every text and attribute escaped, and characters XML cannot hold (control
 * characters, lone surrogates) written as `<cp hex="…"/>` in content, where XLIFF provides for them.
 */

export interface XliffUnit {
  id: string;
  /** What the translator is shown about the field (component, field, type). */
  note: string;
  parts: UnitPart[];
}

export interface XliffFile {
  id: string;
  original: string;
  units: XliffUnit[];
}

/** Whether XML 1.0 can hold the UTF-16 unit: below U+0020 only tab, line feed and carriage return. */
const isXmlUnit = (code: number) =>
  (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) && code !== 0xfffe && code !== 0xffff;

/** The text with each character XML cannot hold (lone surrogates included) replaced. */
function xmlSafe(text: string, replace: (code: number) => string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text.slice(index, index + 2);
        index += 1;
      } else out += replace(code);
    } else if ((code >= 0xdc00 && code <= 0xdfff) || !isXmlUnit(code)) out += replace(code);
    else out += text[index];
  }
  return out;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&quot;',
  );

/** Text content: escaped, with the characters XML cannot hold as XLIFF code points. */
function content(text: string): string {
  const escaped = text.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
  return xmlSafe(escaped, (code) => `<cp hex="${code.toString(16).toUpperCase().padStart(4, '0')}"/>`);
}

/** An attribute value: escaped; a character XML cannot hold has no place there, so it reads as U+FFFD. */
function attr(text: string): string {
  return escapeXml(xmlSafe(text, () => '\uFFFD')).replace(/[\t\n\r]/g, (char) => `&#${char.charCodeAt(0)};`);
}

const simpleFormats: Record<string, string> = { bold: 'xlf:b', italic: 'xlf:i', underline: 'xlf:u' };

function describeMarks(marks: RichtextMark[]): string {
  return marks
    .map((mark) =>
      mark.type === 'link' && typeof mark.attrs?.href === 'string' ? `link ${mark.attrs.href}` : mark.type,
    )
    .join(' + ');
}

function describeNode(node: RichtextNode): string {
  if (node.type === 'blok') {
    const body = Array.isArray(node.attrs?.body) ? (node.attrs.body as Array<{ component?: unknown }>) : [];
    const names = body.map((blok) => (typeof blok.component === 'string' ? blok.component : 'blok'));
    return `blok: ${names.join(', ') || 'empty'}`;
  }
  if (node.type === 'emoji' && typeof node.attrs?.name === 'string') return `emoji ${node.attrs.name}`;
  return node.type;
}

function codeAttributes(marker: InlineMarker | undefined): string {
  if (marker?.kind === 'pair') {
    const isLink = marker.marks.some((mark) => mark.type === 'link');
    const single = marker.marks.length === 1 ? simpleFormats[marker.marks[0]!.type] : undefined;
    const subType = !isLink && single ? ` subType="${single}"` : '';
    return ` type="${isLink ? 'link' : 'fmt'}"${subType} dispStart="${attr(describeMarks(marker.marks))}"`;
  }
  if (marker?.kind === 'atom') {
    if (marker.node.type === 'hard_break') return ' type="fmt" subType="xlf:lb" disp="line break"';
    return ` type="other" disp="${attr(describeNode(marker.node))}"`;
  }
  return '';
}

/** Codes may not be copied or deleted: the import needs each exactly once to rebuild the formatting. */
function inline(pieces: MarkerPiece[], segmentId: string, legend: ReadonlyMap<number, InlineMarker>): string {
  return pieces
    .map((piece) => {
      if (piece.kind === 'text') return content(piece.text);
      const id = `${segmentId}-${piece.n}`;
      const described = codeAttributes(legend.get(piece.n));
      if (piece.kind === 'atom') return `<ph id="${id}" canCopy="no" canDelete="no"${described}/>`;
      const children = inline(piece.children, segmentId, legend);
      return `<pc id="${id}" canCopy="no" canDelete="no" canOverlap="no"${described}>${children}</pc>`;
    })
    .join('');
}

function unitXml(unit: XliffUnit): string {
  const parts = unit.parts.map((part) => {
    if (part.kind === 'kept') {
      const source = `<ph id="${part.id}-1" canCopy="no" canDelete="no" type="other" disp="${attr(describeNode(part.node))}"/>`;
      return `      <ignorable id="${part.id}">\n        <source>${source}</source>\n      </ignorable>`;
    }
    const source = `        <source>${inline(part.source, part.id, part.legend)}</source>`;
    const target = part.target ? `\n        <target>${inline(part.target, part.id, part.legend)}</target>` : '';
    return `      <segment id="${attr(part.id)}">\n${source}${target}\n      </segment>`;
  });
  return [
    `    <unit id="${attr(unit.id)}" xml:space="preserve">`,
    `      <notes><note category="location">${content(unit.note)}</note></notes>`,
    ...parts,
    '    </unit>',
  ].join('\n');
}

export function writeXliff(srcLang: string, trgLang: string, files: XliffFile[]): string {
  const body = files.map((file) =>
    [`  <file id="${attr(file.id)}" original="${attr(file.original)}">`, ...file.units.map(unitXml), '  </file>'].join(
      '\n',
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NAMESPACE}" version="2.0" srcLang="${attr(srcLang)}" trgLang="${attr(trgLang)}">`,
    ...body,
    '</xliff>',
    '',
  ].join('\n');
}
