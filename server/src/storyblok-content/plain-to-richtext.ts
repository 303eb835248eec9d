import type { RichtextNode } from '#contract/content-format/richtext.ts';

/**
 * A valid richtext document from plain text a translator typed for a richtext key: blank lines separate
 * paragraphs, a single line break becomes a hard break. Empty text gives one empty paragraph, which is what
 * Storyblok's editor stores for an empty field.
 */
export function plainTextToRichtext(text: string): RichtextNode {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^(?:[ \t]*\n)+/, '').replace(/(?:\n[ \t]*)+$/, ''))
    .filter((block) => block.trim() !== '');
  if (paragraphs.length === 0) return { type: 'doc', content: [{ type: 'paragraph' }] };
  return {
    type: 'doc',
    content: paragraphs.map((block) => ({
      type: 'paragraph',
      content: block.split('\n').flatMap((line, index): RichtextNode[] => {
        const text: RichtextNode[] = line === '' ? [] : [{ type: 'text', text: line }];
        return index === 0 ? text : [{ type: 'hard_break' }, ...text];
      }),
    })),
  };
}
