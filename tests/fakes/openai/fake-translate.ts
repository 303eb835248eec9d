import { splitSegments, type Segment, type TextFormat } from './text-segments.ts';

export interface FakeGlossaryEntry {
  term: string;
  translation: string;
  case_sensitive: boolean;
  do_not_translate: boolean;
}

export interface FakeTranslateOptions {
  /** The target language code, shown as the `[code] ` prefix. */
  target: string;
  glossary?: FakeGlossaryEntry[];
  format?: TextFormat;
}

interface Rendered {
  text: string;
  /** Where the first translated word starts in `text`, or -1. */
  firstWord: number;
}

const letterCluster = /\p{L}\p{M}*/gu;
const word = /(?:\p{L}\p{M}*)+/gu;

// Reversing letter clusters (not UTF-16 units) keeps accents on their letters and surrogate pairs whole.
function reverseWord(w: string): string {
  return (w.match(letterCluster) ?? []).reverse().join('');
}

function reverseWords(text: string): Rendered {
  let firstWord = -1;
  const out = text.replace(word, (w, offset: number) => {
    if (firstWord < 0) firstWord = offset;
    return reverseWord(w);
  });
  return { text: out, firstWord };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A term matches as a whole word: "API" in "the API," but not in "RAPID". */
function termPattern(entry: FakeGlossaryEntry): RegExp {
  return new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(entry.term)}(?![\\p{L}\\p{N}])`,
    entry.case_sensitive ? 'gu' : 'giu',
  );
}

interface Hit {
  start: number;
  end: number;
  replacement: string;
}

function glossaryHits(text: string, glossary: FakeGlossaryEntry[]): Hit[] {
  const hits: Hit[] = [];
  // Longer terms first so "Weather API" wins over "API" where both match.
  const entries = glossary.filter((e) => e.term.trim() !== '').sort((a, b) => b.term.length - a.term.length);
  for (const entry of entries) {
    for (const match of text.matchAll(termPattern(entry))) {
      const start = match.index;
      const end = start + match[0].length;
      if (hits.some((h) => start < h.end && end > h.start)) continue;
      // A do-not-translate term stays as the source wrote it; otherwise the glossary's word is used as given.
      hits.push({ start, end, replacement: entry.do_not_translate ? match[0] : entry.translation });
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}

function translateRun(text: string, glossary: FakeGlossaryEntry[]): Rendered {
  let out = '';
  let firstWord = -1;
  let at = 0;
  const gap = (until: number) => {
    const part = reverseWords(text.slice(at, until));
    if (firstWord < 0 && part.firstWord >= 0) firstWord = out.length + part.firstWord;
    out += part.text;
  };
  for (const hit of glossaryHits(text, glossary)) {
    gap(hit.start);
    if (firstWord < 0) firstWord = out.length;
    out += hit.replacement;
    at = hit.end;
  }
  gap(text.length);
  return { text: out, firstWord };
}

function render(segments: Segment[], glossary: FakeGlossaryEntry[]): Rendered & { anyWord: boolean } {
  let text = '';
  let firstWord = -1;
  let anyWord = false;
  for (const segment of segments) {
    if (segment.kind === 'keep') {
      text += segment.text;
    } else if (segment.kind === 'nested') {
      const inner = render(segment.segments, glossary);
      anyWord ||= inner.anyWord;
      text += inner.text;
    } else {
      const run = translateRun(segment.text, glossary);
      if (run.firstWord >= 0) {
        anyWord = true;
        if (firstWord < 0) firstWord = text.length + run.firstWord;
      }
      text += run.text;
    }
  }
  return { text, firstWord, anyWord };
}

/**
 * The stand-in's "translation": every word outside markers, placeholders, ICU syntax and Markdown syntax has its
 * letters reversed, glossary terms found in the source are replaced by their translation (kept as written for
 * do-not-translate terms) without reversing, and `[<target>] ` goes before the first translated word (before the
 * whole text when that word sits inside an ICU case). A text with nothing to translate comes back unchanged.
 */
export function fakeTranslate(text: string, options: FakeTranslateOptions): string {
  const glossary = options.glossary ?? [];
  const out = render(splitSegments(text, options.format ?? 'text'), glossary);
  if (!out.anyWord) return out.text;
  const at = out.firstWord >= 0 ? out.firstWord : 0;
  return `${out.text.slice(0, at)}[${options.target}] ${out.text.slice(at)}`;
}
