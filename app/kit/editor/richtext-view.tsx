import { Code, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RichtextMark, RichtextNode } from '#contract/content-format/richtext.ts';
import classes from './editor.module.css';
import { GlossaryText } from './glossary-text.tsx';
import type { GlossaryHint } from './glossary-match.ts';

function withMark(mark: RichtextMark, child: ReactNode, key: number): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong key={key}>{child}</strong>;
    case 'italic':
      return <em key={key}>{child}</em>;
    case 'strike':
      return <s key={key}>{child}</s>;
    case 'underline':
      return <u key={key}>{child}</u>;
    case 'code':
      return <code key={key}>{child}</code>;
    case 'superscript':
      return <sup key={key}>{child}</sup>;
    case 'subscript':
      return <sub key={key}>{child}</sub>;
    case 'highlight':
      return <mark key={key}>{child}</mark>;
    case 'link': {
      // Shown, not followed: a story link is relative to the website, not to Polyblok.
      const href = typeof mark.attrs?.href === 'string' ? mark.attrs.href : '';
      return (
        <span key={key} className={classes.sourceLink} title={href ? `Link to ${href}` : 'Link'}>
          {child}
        </span>
      );
    }
    default:
      return child;
  }
}

function renderNodes(nodes: RichtextNode[] | undefined, terms: readonly GlossaryHint[]): ReactNode[] {
  return (nodes ?? []).map((node, index) => renderNode(node, index, terms));
}

function renderNode(node: RichtextNode, key: number, terms: readonly GlossaryHint[]): ReactNode {
  const children = () => renderNodes(node.content, terms);
  switch (node.type) {
    case 'text': {
      let out: ReactNode = <GlossaryText key={key} text={node.text ?? ''} terms={terms} />;
      (node.marks ?? []).forEach((mark, index) => {
        out = withMark(mark, out, index);
      });
      return <span key={key}>{out}</span>;
    }
    case 'paragraph':
      return <p key={key}>{children()}</p>;
    case 'heading': {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.level) || 2));
      const Tag = `h${level}` as 'h1';
      return <Tag key={key}>{children()}</Tag>;
    }
    case 'bullet_list':
      return <ul key={key}>{children()}</ul>;
    case 'ordered_list':
      return <ol key={key}>{children()}</ol>;
    case 'list_item':
      return <li key={key}>{children()}</li>;
    case 'blockquote':
      return <blockquote key={key}>{children()}</blockquote>;
    case 'code_block':
      return (
        <Code key={key} block>
          {(node.content ?? []).map((child) => child.text ?? '').join('')}
        </Code>
      );
    case 'hard_break':
      return <br key={key} />;
    case 'horizontal_rule':
      return <hr key={key} />;
    case 'emoji':
      return <span key={key}>{typeof node.attrs?.emoji === 'string' ? node.attrs.emoji : ''}</span>;
    case 'image':
      return (
        <span key={key} className={classes.sourceAtom}>
          Image{typeof node.attrs?.alt === 'string' && node.attrs.alt ? `: ${node.attrs.alt}` : ''}
        </span>
      );
    case 'blok': {
      const body = Array.isArray(node.attrs?.body) ? (node.attrs.body as Array<{ component?: unknown }>) : [];
      const names = body.map((blok) => (typeof blok.component === 'string' ? blok.component : 'blok')).join(', ');
      return (
        <Text key={key} component="div" className={classes.sourceAtom} fz="xs">
          Embedded blok{body.length === 1 ? '' : 's'}: {names || 'empty'} (kept as it is)
        </Text>
      );
    }
    case 'table':
      return (
        <table key={key}>
          <tbody>{children()}</tbody>
        </table>
      );
    case 'tableRow':
      return <tr key={key}>{children()}</tr>;
    case 'tableHeader':
      return <th key={key}>{children()}</th>;
    case 'tableCell':
      return <td key={key}>{children()}</td>;
    default:
      // Unknown nodes: their text still reads.
      return <div key={key}>{children()}</div>;
  }
}

/** A richtext value rendered as the website would show it (no HTML strings: React elements only). */
export function RichtextView({ doc, terms }: { doc: RichtextNode; terms: readonly GlossaryHint[] }) {
  return <div className={classes.prose}>{renderNodes(doc.content, terms)}</div>;
}
