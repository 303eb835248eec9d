import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { leastRoleFor } from './roles.ts';

const spaceIdParams = z.object({ id: z.coerce.number().int().positive() });

export const writeBackModeSchema = z.enum(['all', 'verified_only']);

export const spaceSettingsSchema = z.object({
  /** Which translations go into Storyblok: every saved one, or only verified ones. */
  write_back_mode: writeBackModeSchema,
  /** Where writing translations into Storyblok stands. */
  write_back: z.object({
    /** Stories waiting to be written, or being written. */
    pending: z.number().int().nonnegative(),
    /** Stories whose last write failed after its retries; they go again on the next save or a new token. */
    failed: z.number().int().nonnegative(),
    last_error: z.string().nullable(),
    last_written_at: z.iso.datetime({ offset: true }).nullable(),
  }),
  /** Today's AI words (UTC) against the space's daily allowance (the Entry Plan's, or the one without a plan). */
  ai_usage: z.object({
    /** Words of translations the model delivered today: what was charged. */
    words_today: z.number().int().nonnegative(),
    /**
     * Words held by AI work under way (asks waiting or being translated, a value being translated in the
     * editor): charged only as their translations arrive, freed when they fail or are cancelled. New asks
     * must fit beside them: words_today + words_reserved + new words <= daily_words.
     */
    words_reserved: z.number().int().nonnegative(),
    daily_words: z.number().int().nonnegative(),
  }),
});

export type SpaceSettings = z.infer<typeof spaceSettingsSchema>;

export const getSpaceSettings = defineEndpoint('getSpaceSettings', {
  params: spaceIdParams,
  response: spaceSettingsSchema,
  role: leastRoleFor.read,
});

export const updateSpaceSettings = defineEndpoint('updateSpaceSettings', {
  params: spaceIdParams,
  body: z.object({ write_back_mode: writeBackModeSchema }),
  response: spaceSettingsSchema,
  role: leastRoleFor.settings,
});

/**
 * Deletes the space from Polyblok with everything Polyblok holds of it: languages, content, translations,
 * glossary, members, runs and usage. The Storyblok space itself is left as it is; connecting it again later
 * starts afresh. Only an owner may.
 */
export const deleteSpace = defineEndpoint('deleteSpace', {
  params: spaceIdParams,
  response: z.object({ id: z.number().int() }),
  role: leastRoleFor.deleteSpace,
});
