import { DATASOURCE_ENTRY_FIELD_TYPE } from '#contract/content-format/key-naming.ts';
import { countWords } from '#contract/content-format/word-count.ts';
import { contentHash } from './content-hash.ts';
import type { DatasourceDimension } from '../storyblok-access/index.ts';
import type { ExtractedKey } from './extract-keys.ts';

/** What a sync read of a datasource: its entries, and each language's values from its dimension. */
export interface DatasourceRead {
  slug: string;
  entries: Array<{ id: number; name: string; value: string }>;
  /** By language code: each entry's value in the dimension the language maps to, by entry id. */
  values: Map<string, Map<number, string>>;
}

export const entryKeyOf = (entryId: number) => `datasource_entry:${entryId}`;

/** The Storyblok id of the entry a key stands for; null for a key of anything else. */
export function entryIdOfKey(key: string): number | null {
  const match = /^datasource_entry:(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}

/**
 * A datasource's entries as keys, in Storyblok's order: the entry's name is the key's label and its value the
 * source; a language's value in its dimension is the translation. An entry without a value has nothing to
 * translate.
 */
export function datasourceKeys(read: DatasourceRead): ExtractedKey[] {
  return read.entries
    .filter((entry) => entry.value.trim() !== '')
    .map((entry, position) => {
      const translations: ExtractedKey['translations'] = {};
      for (const [code, values] of read.values) {
        const value = values.get(entry.id);
        if (value !== undefined && value.trim() !== '') translations[code] = { value, valueText: value };
      }
      return {
        key: entryKeyOf(entry.id),
        fieldType: DATASOURCE_ENTRY_FIELD_TYPE,
        component: read.slug,
        field: entry.name,
        value: entry.value,
        valueText: entry.value,
        hash: contentHash(entry.value),
        wordCount: countWords(entry.value),
        position,
        translations,
        detail: null,
      };
    });
}

/** What says whether a datasource changed since it was imported: its entries, and every language's values. */
export function datasourceHash(read: DatasourceRead): string {
  const values = [...read.values]
    .map(([code, byEntry]) => [code, [...byEntry].sort(([a], [b]) => a - b)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return contentHash({ entries: read.entries.map((entry) => [entry.id, entry.name, entry.value]), values });
}

/** A language as datasources see it: the dimension value it maps to, when an admin chose one other than its code. */
export interface DatasourceLocale {
  code: string;
  datasourceDimension: string | null;
}

/** The dimension of a datasource that holds a language's values: the one its mapping (or its code) names. */
export function dimensionOf(dimensions: DatasourceDimension[], locale: DatasourceLocale): DatasourceDimension | null {
  const wanted = locale.datasourceDimension ?? locale.code;
  return dimensions.find((dimension) => dimension.entry_value === wanted) ?? null;
}
