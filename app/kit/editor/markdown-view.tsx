import { Code } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import classes from './editor.module.css';
import { GlossaryText } from './glossary-text.tsx';
import type { GlossaryHint } from './glossary-match.ts';
import { parseMarkdown, type MdBlock, type MdInline } from './markdown-blocks.ts';

function inline(nodes: MdInline[], terms: readonly GlossaryHint[]): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.kind) {
      case 'text':
        return <GlossaryText key={key} text={node.text} terms={terms} />;
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'break':
        return <br key={key} />;
      case 'image':
        return (
          <span key={key} className={classes.sourceAtom}>
            Image{node.alt ? `: ${node.alt}` : ''}
          </span>
        );
      case 'link':
        return (
          <span key={key} className={classes.sourceLink} title={`Link to ${node.href}`}>
            {inline(node.children, terms)}
          </span>
        );
      case 'strong':
        return <strong key={key}>{inline(node.children, terms)}</strong>;
      case 'em':
        return <em key={key}>{inline(node.children, terms)}</em>;
      case 'del':
        return <s key={key}>{inline(node.children, terms)}</s>;
    }
  });
}

function block(node: MdBlock, key: number, terms: readonly GlossaryHint[]): ReactNode {
  switch (node.kind) {
    case 'heading': {
      const Tag = `h${node.level}` as 'h1';
      return <Tag key={key}>{inline(node.inline, terms)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{inline(node.inline, terms)}</p>;
    case 'code':
      return (
        <Code key={key} block>
          {node.text}
        </Code>
      );
    case 'quote':
      return <blockquote key={key}>{node.blocks.map((child, index) => block(child, index, terms))}</blockquote>;
    case 'list': {
      const items = node.items.map((item, index) => <li key={index}>{inline(item, terms)}</li>);
      return node.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
    case 'rule':
      return <hr key={key} />;
  }
}

/** A Markdown value rendered as it will read. */
export function MarkdownView({ markdown, terms }: { markdown: string; terms: readonly GlossaryHint[] }) {
  const blocks = useMemo(() => parseMarkdown(markdown), [markdown]);
  return <div className={classes.prose}>{blocks.map((node, index) => block(node, index, terms))}</div>;
}
