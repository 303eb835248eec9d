/**
 * The content search's statuses, bounds and way of comparing text, without zod so the browser can import them:
 * the server cuts long texts around a hit, the browser highlights the hits, both finding them as the database does.
 */

/**
 * The key statuses of the story detail, `outdated` (its `is_outdated` flag) and `qa_problem` (a translation with
 * findings in its `qa`) as more to filter by.
 */
export const searchStatuses = [
  'missing',
  'translation_requested',
  'unverified',
  'verified',
  'outdated',
  'qa_problem',
] as const;
export type SearchStatus = (typeof searchStatuses)[number];

/** The longest search text accepted, in characters. */
export const SEARCH_QUERY_MAX = 200;
/** Stories in one answer; `has_more` says when more matched. */
export const SEARCH_STORY_LIMIT = 50;
/** Matching keys listed per story; `match_count` says how many there are. */
export const SEARCH_MATCH_LIMIT = 5;

// Letters that carry no accent to strip but that PostgreSQL's unaccent still spells out in plain letters.
const spelledOut: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };

function foldChar(char: string): string {
  const lower = char.toLowerCase();
  return spelledOut[lower] ?? lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Lower case without accents, as the database compares: "Café" and "CAFE" fold to the same "cafe". */
export function foldText(text: string): string {
  let folded = '';
  for (const char of text) folded += foldChar(char);
  return folded;
}

/** Where the words occur in a text, case and accents ignored: [start, end) offsets into the text as it is. */
export function findHits(text: string, words: string): Array<[number, number]> {
  const needle = foldText(words.trim());
  if (needle === '') return [];
  let folded = '';
  // The offset in `text` of each folded character, and of the end.
  const origin: number[] = [];
  let offset = 0;
  for (const char of text) {
    const part = foldChar(char);
    folded += part;
    for (let index = 0; index < part.length; index += 1) origin.push(offset);
    offset += char.length;
  }
  origin.push(text.length);
  const hits: Array<[number, number]> = [];
  let from = folded.indexOf(needle);
  while (from !== -1) {
    const end = from + needle.length;
    // A hit that ends inside a folded letter (the first "s" of "ß") covers that letter whole.
    let stop = origin[end]!;
    if (end < folded.length && origin[end - 1] === stop) stop = origin.find((at) => at > stop) ?? text.length;
    hits.push([origin[from]!, stop]);
    from = folded.indexOf(needle, end);
  }
  return hits;
}
