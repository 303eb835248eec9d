/** The translation memory's bounds, shared by the server and the editor (no zod, so the browser bundles it). */

/** The least similarity, in percent of trigrams in common, of a source for its translation to be offered. */
export const MEMORY_MIN_SIMILARITY = 75;

/** Matches offered per key. */
export const MEMORY_MATCH_LIMIT = 3;
