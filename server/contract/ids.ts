import { z } from 'zod';

/**
 * Ids and other whole numbers a client sends, checked against the range their column really holds. One module,
 * so that no endpoint reads `true` or `"1"` as an id, or sends 2^31 on to an `int` column that cannot hold it.
 *
 * In a JSON body an id is a JSON integer, never a string or a boolean. In a path or a query string, where
 * everything is text, an id is written in canonical decimal digits only: "12", never "012", "+12", " 12",
 * "1e1", "0x0c" or "12.0", so each id has exactly one spelling.
 */

/** The largest value of PostgreSQL's `int` (int4): every table's own id, and every reference to one. */
export const MAX_ID = 2_147_483_647;

/** Storyblok's ids (spaces, stories) are stored as `bigint`; the client's JSON numbers are exact up to 2^53 - 1. */
export const MAX_STORYBLOK_ID = Number.MAX_SAFE_INTEGER;

const idMessage = `Must be an id: a whole number from 1 to ${MAX_ID}`;
const storyblokIdMessage = `Must be a Storyblok id: a whole number from 1 to ${MAX_STORYBLOK_ID}`;

/** A whole number of a JSON body within [min, max]; a string, a boolean or a fraction is refused. */
export function jsonIntegerSchema(min: number, max: number, message: string) {
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/**
 * A whole number written in a path or a query string, within [min, max]: canonical decimal digits only. The
 * input type also takes a number, so typed clients pass ids as they hold them (paths and queries stringify it).
 */
export function urlIntegerSchema(min: number, max: number, message: string) {
  const digits = new RegExp(`^(0|[1-9][0-9]{0,${String(max).length - 1}})$`);
  return z.union([z.string(), z.number()], { error: message }).transform((value, context) => {
    const text = String(value);
    const number = digits.test(text) ? Number(text) : Number.NaN;
    if (number >= min && number <= max) return number;
    context.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  });
}

/** A row's id in a JSON body. */
export const idSchema = jsonIntegerSchema(1, MAX_ID, idMessage);

/** A row's id in a path segment or a query value. */
export const urlIdSchema = urlIntegerSchema(1, MAX_ID, idMessage);

/** A Storyblok id (a space's, a story's) in a JSON body. */
export const storyblokIdSchema = jsonIntegerSchema(1, MAX_STORYBLOK_ID, storyblokIdMessage);

/** A Storyblok id in a path segment or a query value. */
export const urlStoryblokIdSchema = urlIntegerSchema(1, MAX_STORYBLOK_ID, storyblokIdMessage);

/** The paths of a space's endpoints: `/api/spaces/:id/...`. */
export const spaceParamsSchema = z.object({ id: urlIdSchema });

/** Pages past this one are refused: page × per_page must stay an offset the database takes. */
export const MAX_PAGE = 1_000_000;
export const MAX_PER_PAGE = 100;

/** `?page=&per_page=` of a paged list, 1-based, ten to a page unless asked otherwise. */
export const paginationQuerySchema = z.object({
  page: urlIntegerSchema(1, MAX_PAGE, `Must be a page number from 1 to ${MAX_PAGE}`).default(1),
  per_page: urlIntegerSchema(1, MAX_PER_PAGE, `Must be a whole number from 1 to ${MAX_PER_PAGE}`).default(10),
});
