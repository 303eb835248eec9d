import type { Random } from '../random.ts';
import { retell, sentence, title, words, type GeneratedLanguage } from './words.ts';

type Mark = { type: string; attrs?: Record<string, unknown> };
export type RichNode = {
  type: string;
  text?: string;
  marks?: Mark[];
  attrs?: Record<string, unknown>;
  content?: RichNode[];
};

const text = (value: string, marks?: Mark[]): RichNode =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };

function inline(r: Random, lang: GeneratedLanguage, storyUuids: string[]): RichNode[] {
  const nodes: RichNode[] = [text(`${sentence(r, lang)} `)];
  const marked: Array<() => RichNode> = [
    () => text(words(r, lang, 2).join(' '), [{ type: 'bold' }]),
    () => text(words(r, lang, 2).join(' '), [{ type: 'italic' }]),
    () => text(words(r, lang, 1).join(' '), [{ type: 'strike' }]),
    () => text(words(r, lang, 2).join(' '), [{ type: 'underline' }]),
    () => text(`config_${r.int(1, 99)}`, [{ type: 'code' }]),
    () =>
      text(words(r, lang, 2).join(' '), [
        {
          type: 'link',
          attrs: {
            href: `https://example.com/${r.pick(['pricing', 'docs', 'about'])}`,
            uuid: null,
            anchor: null,
            target: '_blank',
            linktype: 'url',
          },
        },
      ]),
    () =>
      text(words(r, lang, 2).join(' '), [
        { type: 'bold' },
        {
          type: 'link',
          attrs: {
            href: '',
            uuid: storyUuids.length ? r.pick(storyUuids) : null,
            anchor: null,
            target: '_self',
            linktype: 'story',
          },
        },
      ]),
  ];
  for (let i = r.int(1, 3); i > 0; i--) {
    nodes.push(r.pick(marked)());
    nodes.push(text(` ${words(r, lang, r.int(2, 6)).join(' ')}`));
    if (r.chance(0.2)) nodes.push({ type: 'hard_break' });
  }
  nodes.push(text('.'));
  return nodes;
}

const paragraphOf = (content: RichNode[]): RichNode => ({ type: 'paragraph', content });

/** A rich text document with the node and mark types editors use, and now and then an embedded blok. */
export function richtextDoc(
  r: Random,
  lang: GeneratedLanguage,
  storyUuids: string[],
  embedBlok: () => Record<string, unknown>,
): RichNode {
  const blocks: RichNode[] = [
    { type: 'heading', attrs: { level: r.pick([2, 3]) }, content: [text(title(r, lang))] },
    paragraphOf(inline(r, lang, storyUuids)),
  ];
  const extras: Array<() => RichNode> = [
    () => paragraphOf(inline(r, lang, storyUuids)),
    () => ({
      type: r.pick(['bullet_list', 'ordered_list']),
      content: Array.from({ length: r.int(2, 4) }, () => ({
        type: 'list_item',
        content: [paragraphOf([text(sentence(r, lang, 3, 8))])],
      })),
    }),
    () => ({ type: 'blockquote', content: [paragraphOf([text(sentence(r, lang))])] }),
    () => ({ type: 'code_block', attrs: { class: 'language-js' }, content: [text(`const id = ${r.int(1, 999)};`)] }),
    () => ({ type: 'horizontal_rule' }),
    () => ({ type: 'blok', attrs: { id: r.uuid(), body: [embedBlok()] } }),
  ];
  for (let i = r.int(1, 4); i > 0; i--) blocks.push(r.pick(extras)());
  return { type: 'doc', content: blocks };
}

/** The same document in another language: text leaves retold, code kept, embedded bloks' texts retold. */
export function translateDoc(
  node: RichNode,
  r: Random,
  lang: GeneratedLanguage,
  translateBlok: (blok: Record<string, unknown>) => Record<string, unknown>,
): RichNode {
  if (node.type === 'text') {
    const isCode = node.marks?.some((m) => m.type === 'code');
    return { ...node, text: isCode ? node.text : retell(r, lang, node.text ?? '') };
  }
  if (node.type === 'code_block') return structuredClone(node);
  const out: RichNode = { ...node };
  if (node.type === 'blok' && node.attrs) {
    out.attrs = { ...node.attrs, body: (node.attrs.body as Array<Record<string, unknown>>).map(translateBlok) };
  }
  if (node.content) out.content = node.content.map((child) => translateDoc(child, r, lang, translateBlok));
  return out;
}
