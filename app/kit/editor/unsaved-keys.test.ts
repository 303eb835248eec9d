import { describe, expect, it } from 'vitest';
import type { TranslatableKey } from '#contract/content.ts';
import { unsavedKeys } from './unsaved-keys.ts';
import { parseVerifyOnSave } from './verify-on-save.ts';

const key = (id: number, field: string) =>
  ({ id, key: `u${id}:page:${field}`, component: 'page', field, field_type: 'text' }) as TranslatableKey;

describe('unsaved keys', () => {
  it('list the keys with unsaved text in story order, with the start of the text', () => {
    const drafts = new Map([
      [2, { kind: 'text' as const, text: 'Zweiter\n  Text' }],
      [1, { kind: 'text' as const, text: 'x'.repeat(200) }],
    ]);
    const list = unsavedKeys([key(1, 'title'), key(2, 'intro'), key(3, 'outro')], drafts);
    expect(list.map((entry) => entry.path)).toEqual(['page › title', 'page › intro']);
    expect(list[0]!.preview).toHaveLength(80);
    expect(list[0]!.preview.endsWith('…')).toBe(true);
    expect(list[1]!.preview).toBe('Zweiter Text');
  });
});

describe('verify on save', () => {
  it('is on unless it was turned off', () => {
    expect(parseVerifyOnSave(undefined)).toBe(true);
    expect(parseVerifyOnSave('true')).toBe(true);
    expect(parseVerifyOnSave('false')).toBe(false);
  });
});
