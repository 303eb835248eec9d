import type { z } from 'zod';
import type { translationValueSchema } from '#contract/content-writes.ts';
import { AppError } from '../../errors.ts';
import { markdownToPlainText } from '#contract/content-format/markdown.ts';
import { INVALID_SLUG_MESSAGE, isSlug, SLUG_FIELD_TYPE } from '#contract/slug-rules.ts';
import { plainTextToRichtext } from '../../storyblok-content/plain-to-richtext.ts';
import {
  embeddedBloks,
  isRichtextDoc,
  richtextToPlainText,
  type RichtextNode,
} from '#contract/content-format/richtext.ts';

export interface NormalizedValue {
  value: unknown;
  valueText: string;
  /** Plain text typed for a richtext field: a valid document now, but its formatting is for someone to redo. */
  isNeedingFormatting: boolean;
  empty: boolean;
}

/** Every node has a type, text nodes have text, content is a list: what Storyblok needs to accept a document. */
function isValidDoc(node: unknown, depth = 0): node is RichtextNode {
  if (depth > 60 || !node || typeof node !== 'object') return false;
  const candidate = node as RichtextNode;
  if (typeof candidate.type !== 'string') return false;
  if (candidate.type === 'text' && typeof candidate.text !== 'string') return false;
  if (candidate.content !== undefined && !Array.isArray(candidate.content)) return false;
  return (candidate.content ?? []).every((child) => isValidDoc(child, depth + 1));
}

/** A translation as stored: the value the field type takes, its readable text, and whether it is empty. */
export function normalizeValue(fieldType: string, value: z.output<typeof translationValueSchema>): NormalizedValue {
  if (fieldType === 'richtext') {
    if (typeof value === 'string') {
      const doc = plainTextToRichtext(value);
      return {
        value: doc,
        valueText: richtextToPlainText(doc),
        isNeedingFormatting: value.trim() !== '',
        empty: value.trim() === '',
      };
    }
    if (!isRichtextDoc(value) || !isValidDoc(value)) {
      throw new AppError('invalid_request', 'The translation is not a valid rich text document.', [
        { path: 'body.value', message: 'Send a rich text document or plain text' },
      ]);
    }
    const valueText = richtextToPlainText(value);
    return {
      value,
      valueText,
      isNeedingFormatting: false,
      empty: valueText === '' && embeddedBloks(value).length === 0,
    };
  }
  if (typeof value !== 'string') {
    throw new AppError('invalid_request', 'This field takes text, not a rich text document.', [
      { path: 'body.value', message: 'Send text' },
    ]);
  }
  if (fieldType === SLUG_FIELD_TYPE && value !== '' && !isSlug(value)) {
    throw new AppError('invalid_slug', INVALID_SLUG_MESSAGE, [{ path: 'body.value', message: INVALID_SLUG_MESSAGE }]);
  }
  return {
    value,
    valueText: fieldType === 'markdown' ? markdownToPlainText(value) : value,
    isNeedingFormatting: false,
    empty: value.trim() === '',
  };
}
