import type { GlossaryTerm } from '#contract/glossary.ts';

/** The search box: a term matches when its text, translation or description contains every word typed. */
export function searchTerms(terms: readonly GlossaryTerm[], search: string): GlossaryTerm[] {
  const words = search.toLocaleLowerCase('en').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...terms];
  return terms.filter((term) => {
    const haystack = [term.translatable, term.translated, term.description ?? ''].join('\n').toLocaleLowerCase('en');
    return words.every((word) => haystack.includes(word));
  });
}

/** Alphabetical by term, as a glossary reads. */
export function sortTerms(terms: readonly GlossaryTerm[]): GlossaryTerm[] {
  return [...terms].sort(
    (a, b) => a.translatable.localeCompare(b.translatable, 'en', { sensitivity: 'base' }) || a.id - b.id,
  );
}

/** The page's `?locale=`: a language code of the space, or all (absent, empty, 'all' or a code it lacks). */
export function localeFilterOf(param: string | null, codes: readonly string[]): string {
  return param && codes.includes(param) ? param : 'all';
}

/** The `?locale=` asked for when the space has no such language (the page then shows every language, and says so). */
export function unknownLocaleOf(param: string | null, codes: readonly string[]): string | null {
  return param && param !== 'all' && !codes.includes(param) ? param : null;
}
