import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idSchema, paginationQuerySchema, spaceParamsSchema, urlIdSchema } from './ids.ts';
import { languagePublications, MAX_PUBLISH_LANGUAGES, publishRequirements } from './publish-rules.ts';
import { leastRoleFor } from './roles.ts';

export const publishRequirementSchema = z.enum(publishRequirements);
export const languagePublicationSchema = z.enum(languagePublications);

export const readinessStorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  full_slug: z.string(),
  keys: z.number().int().nonnegative(),
  translated: z.number().int().nonnegative(),
  verified: z.number().int().nonnegative(),
  /** Every key done by the space's rule (and the story's content imported). */
  complete: z.boolean(),
  /** The language in Storyblok, as the last sync or publish saw it. */
  publication: languagePublicationSchema,
  published_at: z.iso.datetime({ offset: true }).nullable(),
});

export type ReadinessStory = z.infer<typeof readinessStorySchema>;

/**
 * The space's stories (not folders, not ignored ones) with how complete each is in one language and whether
 * that language is published in Storyblok. Ready ones first: complete and not published as they stand; then
 * the incomplete, nearest to done first; then those already published as they stand.
 */
export const getReadiness = defineEndpoint('getReadiness', {
  params: spaceParamsSchema,
  query: paginationQuerySchema.extend({ space_locale_id: urlIdSchema }),
  response: z.object({
    locale: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
    publish_requires: publishRequirementSchema,
    /** Storyblok's "Publish translations individually", as last read; null until a sync reads it. */
    publishes_languages_individually: z.boolean().nullable(),
    /** Stories complete and not published as they stand in the language: what a publish would change. */
    ready_count: z.number().int().nonnegative(),
    stories: z.array(readinessStorySchema),
    metadata: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
  }),
  role: leastRoleFor.read,
});

/**
 * Writes the story's translations in these languages to Storyblok and publishes those languages there, and no
 * other. Refused with `translation_incomplete` (listing the keys) while a language is not complete by the
 * space's rule, and with `publishing_individually_off` while the Storyblok space does not publish translations
 * individually; nothing is changed then.
 */
export const publishStory = defineEndpoint('publishStory', {
  body: z.object({
    story_id: idSchema,
    space_locale_ids: z
      .array(idSchema)
      .min(1, 'Name at least one language to publish.')
      .max(MAX_PUBLISH_LANGUAGES, `At most ${MAX_PUBLISH_LANGUAGES} languages at once.`),
  }),
  response: z.object({
    story_id: z.number().int(),
    languages: z.array(
      z.object({
        space_locale_id: z.number().int(),
        code: z.string(),
        publication: languagePublicationSchema,
        published_at: z.iso.datetime({ offset: true }).nullable(),
      }),
    ),
  }),
  role: leastRoleFor.publish,
});
