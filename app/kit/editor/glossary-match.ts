import type { GlossaryTerm } from '#contract/glossary.ts';

export type GlossaryHint = Pick<
  GlossaryTerm,
  'id' | 'translatable' | 'translated' | 'case_sensitive' | 'do_not_translate' | 'description'
>;

export type GlossaryPiece<T> = { text: string; term?: undefined } | { text: string; term: T };

const wordChar = /[\p{L}\p{N}]/u;

function isWordEdge(text: string, index: number): boolean {
  return index <= 0 || index >= text.length || !wordChar.test(text[index]!);
}

/**
 * Splits a text into plain pieces and glossary terms it contains, as the AI and the glossary check match them:
 * whole words, case-insensitive unless the term says otherwise, longer terms first where two overlap.
 */
export function splitByGlossary<T extends Pick<GlossaryHint, 'translatable' | 'case_sensitive'>>(
  text: string,
  terms: readonly T[],
): GlossaryPiece<T>[] {
  const hits: Array<{ start: number; end: number; term: T }> = [];
  const lower = text.toLowerCase();
  for (const term of terms) {
    const needle = term.case_sensitive ? term.translatable : term.translatable.toLowerCase();
    if (needle.trim() === '') continue;
    const haystack = term.case_sensitive ? text : lower;
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (isWordEdge(text, at - 1) && isWordEdge(text, end)) hits.push({ start: at, end, term });
    }
  }
  hits.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const pieces: GlossaryPiece<T>[] = [];
  let from = 0;
  for (const hit of hits) {
    if (hit.start < from) continue;
    if (hit.start > from) pieces.push({ text: text.slice(from, hit.start) });
    pieces.push({ text: text.slice(hit.start, hit.end), term: hit.term });
    from = hit.end;
  }
  if (from < text.length) pieces.push({ text: text.slice(from) });
  return pieces;
}
