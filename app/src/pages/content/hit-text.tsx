import { Fragment } from 'react';
import { findHits } from '#contract/search-rules.ts';

/** A text with the searched words marked wherever they occur, case and accents ignored as the search does. */
export function HitText({ text, words }: { text: string; words: string }) {
  const hits = findHits(text, words);
  if (hits.length === 0) return text;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of hits) {
    if (start > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, start)}</Fragment>);
    parts.push(<mark key={`m${start}`}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return parts;
}
