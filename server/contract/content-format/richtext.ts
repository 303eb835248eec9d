/** Storyblok richtext (a ProseMirror/TipTap document), typed loosely: unknown node and mark types must survive. */
export interface RichtextMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface RichtextNode {
  type: string;
  text?: string;
  marks?: RichtextMark[];
  attrs?: Record<string, unknown>;
  content?: RichtextNode[];
}

export function isRichtextDoc(value: unknown): value is RichtextNode {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc';
}

/** Block nodes whose text reads as its own line. */
const lineBlocks = new Set([
  'paragraph',
  'heading',
  'blockquote',
  'code_block',
  'list_item',
  'tableCell',
  'tableHeader',
]);

/**
 * The readable text of a document: text leaves in order, one line per block, hard breaks as line breaks.
 * Embedded bloks are left out: their fields are keys of their own.
 */
export function richtextToPlainText(doc: RichtextNode): string {
  const lines: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim() !== '') lines.push(current.trim());
    current = '';
  };
  const visit = (node: RichtextNode) => {
    if (node.type === 'text') {
      current += node.text ?? '';
      return;
    }
    if (node.type === 'hard_break') {
      current += '\n';
      return;
    }
    if (node.type === 'blok') return;
    const isLine = lineBlocks.has(node.type);
    if (isLine) flush();
    for (const child of node.content ?? []) visit(child);
    if (isLine) flush();
  };
  visit(doc);
  flush();
  return lines.join('\n');
}

/** Bloks embedded in the document (`blok` nodes carry them in attrs.body), in document order. */
export function embeddedBloks(doc: RichtextNode): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  const stack: RichtextNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.shift()!;
    if (node.type === 'blok') {
      const body = node.attrs?.body;
      if (Array.isArray(body)) {
        for (const item of body) if (isBlok(item)) found.push(item);
      }
      continue;
    }
    stack.unshift(...(node.content ?? []));
  }
  return found;
}

export function isBlok(value: unknown): value is Record<string, unknown> & { _uid: string; component: string } {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { _uid?: unknown; component?: unknown };
  return typeof candidate._uid === 'string' && typeof candidate.component === 'string';
}
