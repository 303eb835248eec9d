import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { spaceParamsSchema, urlIntegerSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';

const day = z.iso.date();

/** A language's counts at the end of a day (or now, for today): how many of the space's keys it had done. */
export const progressDaySchema = z.object({
  day,
  keys: z.number().int().nonnegative(),
  translated: z.number().int().nonnegative(),
  verified: z.number().int().nonnegative(),
});

/** Words of the keys translated in a language on a day, by who translated them. */
export const wordsDaySchema = z.object({
  day,
  people: z.number().int().nonnegative(),
  ai: z.number().int().nonnegative(),
  memory: z.number().int().nonnegative(),
});

export const languageProgressSchema = z.object({
  space_locale_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** One per day with a snapshot, oldest first; today's is the counts as they are now. */
  days: z.array(progressDaySchema),
  /** One per day on which something was translated, oldest first. */
  words: z.array(wordsDaySchema),
});

export type LanguageProgress = z.infer<typeof languageProgressSchema>;

export const PROGRESS_DAYS = 90;

const daysQuery = (most: number, fallback: number) =>
  z.object({ days: urlIntegerSchema(7, most, `Must be a whole number from 7 to ${most}`).default(fallback) });

/** Each language's completion over the last days and the words translated per day by people, AI and memory. */
export const getLanguageProgress = defineEndpoint('getLanguageProgress', {
  params: spaceParamsSchema,
  query: daysQuery(365, PROGRESS_DAYS),
  response: z.object({ languages: z.array(languageProgressSchema) }),
  role: leastRoleFor.read,
});

export const TREND_DAYS = 30;

/** The completion of each of the caller's spaces over the last days, for the small trend beside it. */
export const getSpacesTrend = defineEndpoint('getSpacesTrend', {
  query: daysQuery(90, TREND_DAYS),
  response: z.object({
    spaces: z.array(
      z.object({
        space_id: z.number().int(),
        /** Share of the space's keys translated in all its languages together, 0-100, oldest first. */
        days: z.array(z.object({ day, completion: z.number().min(0).max(100) })),
      }),
    ),
  }),
});
