import { SaxesParser, type SaxesTagNS } from 'saxes';
import { XLIFF_NAMESPACE } from '#contract/xliff-rules.ts';
import { AppError } from '../../errors.ts';

/**
 * Reads an XLIFF 2.0 document strictly: well-formed XML with namespaces, no DTD (so no entity can be declared,
 * let alone expanded: only XML's five predefined entities and character references are read), nesting within
 * a bound. What the import needs of it comes out as plain data; everything else is left unread.
 */

/** Inline content of a source or target: text and the codes the export wrote (and `<mrk>` read through). */
export type XliffInline =
  | { kind: 'text'; text: string }
  | { kind: 'ph'; id: string }
  | { kind: 'pc'; id: string; children: XliffInline[] }
  /** A code the import does not rebuild from (`<sc>`, `<ec>`): the unit is refused with its name. */
  | { kind: 'unsupported'; name: string };

export interface XliffSegment {
  id: string | null;
  source: XliffInline[];
  target: XliffInline[] | null;
}

export interface XliffReadUnit {
  id: string;
  segments: XliffSegment[];
}

export interface XliffReadFile {
  id: string | null;
  units: XliffReadUnit[];
}

export interface XliffDocument {
  version: string;
  srcLang: string | null;
  trgLang: string | null;
  files: XliffReadFile[];
}

interface Element {
  name: string;
  uri: string;
  attrs: Record<string, string>;
  children: Array<Element | string>;
}

/** Far deeper than any XLIFF the export writes or a CAT tool makes: a bound on hostile nesting. */
const MAX_DEPTH = 100;

const invalid = (why: string) => new AppError('invalid_xliff', `This file cannot be imported: ${why}.`);

function parseTree(text: string): Element {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const root: Element = { name: '#root', uri: '', attrs: {}, children: [] };
  const stack: Element[] = [root];
  parser.on('doctype', () => {
    throw invalid('it has a DOCTYPE (a DTD or entity declarations), which XLIFF files never need');
  });
  parser.on('opentag', (tag) => {
    const { local, uri, attributes } = tag as SaxesTagNS;
    if (stack.length > MAX_DEPTH) throw invalid(`its elements nest deeper than ${MAX_DEPTH} levels`);
    const attrs: Record<string, string> = {};
    // Attributes of the XLIFF elements themselves carry no namespace; xml:space and others are not read.
    for (const attribute of Object.values(attributes))
      if (attribute.uri === '') attrs[attribute.local] = attribute.value;
    const element: Element = { name: local, uri, attrs, children: [] };
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (value: string) => {
    const siblings = stack.at(-1)!.children;
    if (typeof siblings.at(-1) === 'string') siblings[siblings.length - 1] += value;
    else siblings.push(value);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid(`it is not well-formed XML (${(error as Error).message.replace(/\.$/, '')})`);
  }
  const elements = root.children.filter((child): child is Element => typeof child !== 'string');
  if (elements.length !== 1) throw invalid('it has no root element');
  return elements[0]!;
}

const childElements = (element: Element, name: string) =>
  element.children.filter(
    (child): child is Element => typeof child !== 'string' && child.name === name && child.uri === XLIFF_NAMESPACE,
  );

function readInline(element: Element): XliffInline[] {
  const out: XliffInline[] = [];
  const pushText = (text: string) => {
    const last = out.at(-1);
    if (last?.kind === 'text') last.text += text;
    else if (text !== '') out.push({ kind: 'text', text });
  };
  for (const child of element.children) {
    if (typeof child === 'string') {
      pushText(child);
      continue;
    }
    if (child.uri !== XLIFF_NAMESPACE) {
      out.push({ kind: 'unsupported', name: child.name });
    } else if (child.name === 'ph') out.push({ kind: 'ph', id: child.attrs.id ?? '' });
    else if (child.name === 'pc') out.push({ kind: 'pc', id: child.attrs.id ?? '', children: readInline(child) });
    // An annotation (a term, a comment) marks text without changing it.
    else if (child.name === 'mrk') {
      for (const item of readInline(child)) {
        if (item.kind === 'text') pushText(item.text);
        else out.push(item);
      }
    } else if (child.name === 'cp') {
      const code = Number.parseInt(child.attrs.hex ?? '', 16);
      if (Number.isInteger(code) && code >= 0 && code <= 0x10ffff) pushText(String.fromCodePoint(code));
      else out.push({ kind: 'unsupported', name: 'cp' });
    } else out.push({ kind: 'unsupported', name: child.name });
  }
  return out;
}

function readUnit(unit: Element): XliffReadUnit {
  const segments = childElements(unit, 'segment').map((segment) => {
    const [source] = childElements(segment, 'source');
    const [target] = childElements(segment, 'target');
    return {
      id: segment.attrs.id ?? null,
      source: source ? readInline(source) : [],
      target: target ? readInline(target) : null,
    };
  });
  return { id: unit.attrs.id ?? '', segments };
}

/** Units of a file or a group, groups read through. */
function unitsIn(element: Element): XliffReadUnit[] {
  return element.children.flatMap((child) => {
    if (typeof child === 'string' || child.uri !== XLIFF_NAMESPACE) return [];
    if (child.name === 'unit') return [readUnit(child)];
    if (child.name === 'group') return unitsIn(child);
    return [];
  });
}

export function readXliff(text: string): XliffDocument {
  const root = parseTree(text);
  if (root.name !== 'xliff') throw invalid(`its root element is <${root.name}>, not <xliff>`);
  const version = root.attrs.version ?? '';
  if (root.uri !== XLIFF_NAMESPACE || !/^2\.[01]$/.test(version)) {
    const said = version === '' ? 'no version' : `version ${version}`;
    throw invalid(`it is XLIFF of ${said}; Polyblok reads XLIFF 2.0 (namespace ${XLIFF_NAMESPACE})`);
  }
  return {
    version,
    srcLang: root.attrs.srcLang ?? null,
    trgLang: root.attrs.trgLang ?? null,
    files: childElements(root, 'file').map((file) => ({ id: file.attrs.id ?? null, units: unitsIn(file) })),
  };
}
