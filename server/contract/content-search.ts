import { z } from 'zod';
import { keyStatuses } from './content.ts';
import { defineEndpoint } from './endpoint.ts';
import { urlIdSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';
import { SEARCH_MATCH_LIMIT, SEARCH_QUERY_MAX, SEARCH_STORY_LIMIT, searchStatuses } from './search-rules.ts';

export const searchStatusSchema = z.enum(searchStatuses, {
  error: `Must be one of: ${searchStatuses.join(', ')}`,
});

export const contentSearchQuerySchema = z
  .object({
    space_id: urlIdSchema,
    locale: z.string().trim().min(1).max(50),
    /** Words to find, trimmed; empty counts as not given. */
    q: z
      .string()
      .trim()
      .max(SEARCH_QUERY_MAX, { error: `Search for at most ${SEARCH_QUERY_MAX} characters` })
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    status: searchStatusSchema.optional(),
  })
  .refine((query) => query.q !== undefined || query.status !== undefined, {
    error: 'Give words to search for, a status, or both',
    path: ['q'],
  });

export const searchMatchSchema = z.object({
  /** The key's id. */
  id: z.number().int(),
  key: z.string(),
  /** The source text; a long one is cut to the part around the first hit, with "…" where it was cut. */
  value_text: z.string(),
  /** The translation in the locale, cut the same way; null when there is none. */
  translated_key_value_text: z.string().nullable(),
  /** As the story detail answers it for this key. */
  status: z.enum(keyStatuses),
  is_outdated: z.boolean(),
});

export type SearchMatch = z.infer<typeof searchMatchSchema>;

export const searchStorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  full_slug: z.string(),
  /** The folder the story is in; null at the root. */
  folder_id: z.number().int().nullable(),
  /** Every key of the story that matches (the words, the status, or both), of which `matches` lists the first. */
  match_count: z.number().int().nonnegative(),
  matches: z.array(searchMatchSchema).max(SEARCH_MATCH_LIMIT),
});

export type SearchStory = z.infer<typeof searchStorySchema>;

export const contentSearchResponseSchema = z.object({
  /**
   * Best first: stories whose name or slug matches, then those with more matching keys. At most
   * SEARCH_STORY_LIMIT stories, each with at most SEARCH_MATCH_LIMIT matches, in the editor's order.
   */
  stories: z.array(searchStorySchema).max(SEARCH_STORY_LIMIT),
  /** More stories match than were answered: the words can be made more precise. */
  has_more: z.boolean(),
  /**
   * With the status `qa_problem`: translations of the language are still waiting for their checks (after a change
   * of its glossary or style guide, the checks of a big space take a while), so the answer may miss some.
   */
  checks_waiting: z.boolean(),
});

export type ContentSearchResponse = z.infer<typeof contentSearchResponseSchema>;

/**
 * Stories of a space by name, slug, source text or translation in the locale (case and accents ignored), and by
 * the status of their keys in that locale.
 */
export const searchContent = defineEndpoint('searchContent', {
  query: contentSearchQuerySchema,
  response: contentSearchResponseSchema,
  role: leastRoleFor.read,
});
