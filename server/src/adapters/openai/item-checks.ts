import { validateMarkers } from '#contract/content-format/inline-markers.ts';

/** Placeholders a translation must keep: {name}, {{count}}, %s, %1$s, %d. ICU blocks are checked by keyword. */
const placeholderPattern = /\{\{\s*[\w.]+\s*\}\}|\{[\w.]+\}|%(?:\d+\$)?[sdif@]/g;
const icuPattern = /\b(?:plural|select|selectordinal)\s*,/g;

const sorted = (values: string[]) => [...values].sort().join(' ');

/** Why a translated item cannot be used, or null when it can. */
export function checkItem(source: string, translated: unknown): string | null {
  if (typeof translated !== 'string') return 'the model gave no translation for it';
  if (source.trim() !== '' && translated.trim() === '') return 'the model gave an empty translation';
  // Same numbers, pairs still pairs, atoms still atoms, well nested: what a rebuild can put back.
  if (validateMarkers(source, translated) !== null) return 'the formatting markers did not come back as sent';
  if (sorted(source.match(placeholderPattern) ?? []) !== sorted(translated.match(placeholderPattern) ?? [])) {
    return 'the placeholders did not come back as sent';
  }
  if ((source.match(icuPattern) ?? []).length !== (translated.match(icuPattern) ?? []).length) {
    return 'the plural or select structure did not come back as sent';
  }
  // A translation many times longer or shorter than its source is a model off the rails, not a translation.
  if (source.length >= 20) {
    const ratio = translated.length / source.length;
    if (ratio > 5 || ratio < 0.2) return 'the translation is implausibly long or short';
  }
  return null;
}

export interface GlossaryEntry {
  term: string;
  translation: string;
  case_sensitive: boolean;
  do_not_translate: boolean;
  description: string | null;
}

function contains(text: string, needle: string, caseSensitive: boolean): boolean {
  return caseSensitive ? text.includes(needle) : text.toLocaleLowerCase().includes(needle.toLocaleLowerCase());
}

/** The glossary terms that occur in a source text. */
export function termsIn(source: string, glossary: GlossaryEntry[]): GlossaryEntry[] {
  return glossary.filter((entry) => entry.term.trim() !== '' && contains(source, entry.term, entry.case_sensitive));
}

/** Terms of the source whose expected wording the translation lacks. */
export function glossaryGaps(
  source: string,
  translated: string,
  glossary: GlossaryEntry[],
): Array<{ term: string; expected: string }> {
  return termsIn(source, glossary)
    .map((entry) => ({ term: entry.term, expected: entry.do_not_translate ? entry.term : entry.translation }))
    .filter((gap) => !contains(translated, gap.expected, false));
}
