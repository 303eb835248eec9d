import { foldText } from '#contract/search-rules.ts';

/**
 * A sketch of a source text for the translation memory: texts whose trigram sets are alike (PostgreSQL pg_trgm's
 * `similarity`, the share of trigrams two texts have in common) share at least one band, almost surely, and
 * texts that are not alike rarely do. The database then finds a key's candidates through a GIN index of bands in
 * a few index pages, and measures only those with `similarity`: comparing a story's keys with every verified
 * translation of a large space through the trigram index costs tens of milliseconds per key.
 *
 * MinHash with locality-sensitive bands: BANDS bands of ROWS minimum hashes each. Two texts of trigram
 * similarity s share a band with probability 1 - (1 - s^ROWS)^BANDS: 98.7 % at 0.75, 99.95 % at 0.85, 20 % at 0.3.
 */
const BANDS = 8;
const ROWS = 3;

/** The bands of a text with no trigram (empty, or punctuation only): it matches nothing, and is not sketched again. */
export const NO_TRIGRAMS: readonly number[] = [0];

/** The trigrams pg_trgm takes from a text: each word (letters and digits) lower-cased, padded "  word ". */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = [' ', ' ', ...word, ' '];
    for (let at = 0; at + 3 <= padded.length; at++) trigrams.add(padded.slice(at, at + 3).join(''));
  }
  return trigrams;
}

/**
 * The bands of a source text. A verified translation carries its source's bands salted with its language (the
 * database's `memory_salted`), so the index of one language's entries never mixes with another's.
 */
export function memoryBands(text: string): number[] {
  const trigrams = trigramsOf(text);
  if (trigrams.size === 0) return [...NO_TRIGRAMS];
  const minimums = new Array<number>(BANDS * ROWS).fill(0xffffffff);
  for (const trigram of trigrams) {
    const base = fnv1a(trigram);
    for (let row = 0; row < minimums.length; row++) {
      const hashed = mix(base ^ SEEDS[row]!);
      if (hashed < minimums[row]!) minimums[row] = hashed;
    }
  }
  const bands: number[] = [];
  for (let band = 0; band < BANDS; band++) {
    let hash = mix(Math.imul(band + 1, 0x9e3779b1));
    for (let row = 0; row < ROWS; row++) hash = mix(hash ^ minimums[band * ROWS + row]!);
    // 0 is the mark of a text without trigrams; a band is a PostgreSQL integer (signed 32 bits).
    bands.push(hash === 0 ? 1 : hash | 0);
  }
  return bands;
}

const SEEDS = Array.from({ length: BANDS * ROWS }, (_, index) => mix(Math.imul(index + 1, 0x85ebca6b)));

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** MurmurHash3's finalizer: every bit of the input moves about half the bits of the output. */
function mix(value: number): number {
  let hash = value >>> 0;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
