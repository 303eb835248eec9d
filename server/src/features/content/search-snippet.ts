import { findHits } from '#contract/search-rules.ts';

/** Long enough for a sentence or two around the hit; a result lists up to 250 texts. */
export const SNIPPET_LENGTH = 280;
/** How much comes before the hit, so it reads in its context. */
const LEAD = 80;

/**
 * A long text cut to the part around the first hit of the words (its start without words, or without a hit in
 * it), with "…" where it was cut; a short one as it is.
 */
export function cutAround(text: string, words: string | undefined, length = SNIPPET_LENGTH): string {
  if (text.length <= length) return text;
  const hit = words === undefined ? undefined : findHits(text, words)[0];
  let start = hit === undefined ? 0 : Math.max(0, Math.min(hit[0] - LEAD, text.length - length));
  // Start at a word, unless that loses much of the lead.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && hit !== undefined && space < hit[0] && space - start < LEAD / 2) start = space + 1;
  }
  const end = Math.min(text.length, start + length);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
