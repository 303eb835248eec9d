import type { TranslatableKey } from '#contract/content.ts';
import { readableText, type DraftValue } from './key-draft.ts';
import { keyPath } from './key-label.ts';

/** A key with text that is not saved, as a warning lists it. */
export interface UnsavedKey {
  keyId: number;
  /** The language of the text, when several are edited side by side. */
  locale?: string;
  path: string;
  /** The start of the unsaved text. */
  preview: string;
}

const PREVIEW_LENGTH = 80;

export function unsavedKeys(keys: readonly TranslatableKey[], drafts: ReadonlyMap<number, DraftValue>): UnsavedKey[] {
  if (drafts.size === 0) return [];
  return keys.flatMap((key) => {
    const draft = drafts.get(key.id);
    if (!draft) return [];
    const text = readableText(draft, key.field_type).replace(/\s+/g, ' ').trim();
    const preview = text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
    return [{ keyId: key.id, path: keyPath(key), preview }];
  });
}
