import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { spaceParamsSchema } from './ids.ts';
import { publishRequirements } from './publish-rules.ts';
import { leastRoleFor } from './roles.ts';
import { AUTO_VERIFY_MAX, AUTO_VERIFY_MIN } from './ai-score-rules.ts';

export const writeBackModeSchema = z.enum(['all', 'verified_only']);
const publishRequiresSchema = z.enum(publishRequirements);

const storyRefSchema = z.object({ id: z.number().int(), name: z.string(), full_slug: z.string() });

/** At most this many stories are listed per problem; the counts say how many there are in all. */
export const SYNC_PROBLEM_STORIES_LISTED = 50;

export const syncProblemsSchema = z.object({
  failed_stories: z.array(storyRefSchema.extend({ reason: z.string(), at: z.iso.datetime({ offset: true }) })),
  failed_story_count: z.number().int().nonnegative(),
  skipped_components: z.array(
    z.object({
      component: z.string(),
      story_count: z.number().int().nonnegative(),
      stories: z.array(storyRefSchema),
    }),
  ),
});

export type SyncProblems = z.infer<typeof syncProblemsSchema>;

/** Storyblok's highest Management API rate (paid plans): a ceiling above it would change nothing. */
export const MAX_STORYBLOK_REQUESTS_PER_SECOND = 6;

export const spaceSettingsSchema = z.object({
  /** Which translations go into Storyblok: every saved one, or only verified ones. */
  write_back_mode: writeBackModeSchema,
  /** What every key of a story needs in a language before Polyblok publishes that language: translated or verified. */
  publish_requires: publishRequiresSchema,
  /**
   * At most this many requests a second to Storyblok for this space, below what its token's plan allows (room
   * for the team's other integrations on the token); null: as fast as the plan allows.
   */
  storyblok_requests_per_second: z.number().int().nullable(),
  /**
   * AI translations whose AI score is at least this (1-100), with no QA finding and no formality breach, are
   * stored verified; null: off (the default), every AI translation waits for a person.
   */
  auto_verify_min_score: z.number().int().nullable(),
  /** Where writing translations into Storyblok stands. */
  write_back: z.object({
    /** Stories waiting to be written, or being written. */
    pending: z.number().int().nonnegative(),
    /**
     * Stories whose last attempt to write failed: retried by themselves with backoff for a while, then again on
     * the next save, a Retry on the story, or a new token.
     */
    failed: z.number().int().nonnegative(),
    last_error: z.string().nullable(),
    last_written_at: z.iso.datetime({ offset: true }).nullable(),
    /**
     * The stories whose write failed (at most SYNC_PROBLEM_STORIES_LISTED, the latest first), each with the
     * reason, when, and the codes of the languages whose translations did not go.
     */
    failed_stories: z.array(
      storyRefSchema.extend({
        reason: z.string(),
        at: z.iso.datetime({ offset: true }),
        locales: z.array(z.string()),
      }),
    ),
  }),
  /** What syncs could not bring in: stories whose import failed, and components the schemas no longer have. */
  sync_problems: syncProblemsSchema,
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
  /** Whether this Polyblok bills through Stripe; false: plans and allowances are set by its operator. */
  billing_enabled: z.boolean(),
});

export type SpaceSettings = z.infer<typeof spaceSettingsSchema>;

export const getSpaceSettings = defineEndpoint('getSpaceSettings', {
  params: spaceParamsSchema,
  response: spaceSettingsSchema,
  role: leastRoleFor.read,
});

export const updateSpaceSettings = defineEndpoint('updateSpaceSettings', {
  params: spaceParamsSchema,
  body: z
    .object({
      write_back_mode: writeBackModeSchema.optional(),
      publish_requires: publishRequiresSchema.optional(),
      storyblok_requests_per_second: z
        .number()
        .int('Give a whole number of requests a second.')
        .min(1, 'At least 1 request a second, or none for as fast as the plan allows.')
        .max(
          MAX_STORYBLOK_REQUESTS_PER_SECOND,
          `At most ${MAX_STORYBLOK_REQUESTS_PER_SECOND} requests a second: Storyblok allows no more.`,
        )
        .nullable()
        .optional(),
      auto_verify_min_score: z
        .number()
        .int('Give a whole number for the lowest AI score to verify automatically.')
        .min(
          AUTO_VERIFY_MIN,
          `The lowest AI score to verify automatically is at least ${AUTO_VERIFY_MIN}, or none for off.`,
        )
        .max(AUTO_VERIFY_MAX, `The lowest AI score to verify automatically is at most ${AUTO_VERIFY_MAX}.`)
        .nullable()
        .optional(),
    })
    .refine(
      (body) =>
        body.write_back_mode !== undefined ||
        body.publish_requires !== undefined ||
        body.storyblok_requests_per_second !== undefined ||
        body.auto_verify_min_score !== undefined,
      {
        message: 'Give write_back_mode, publish_requires, storyblok_requests_per_second or auto_verify_min_score.',
      },
    ),
  response: spaceSettingsSchema,
  role: leastRoleFor.settings,
});

/**
 * Deletes the space from Polyblok with everything Polyblok holds of it: languages, content, translations,
 * glossary, members, runs and usage. The Storyblok space itself is left as it is; connecting it again later
 * starts afresh. Only an owner may.
 */
export const deleteSpace = defineEndpoint('deleteSpace', {
  params: spaceParamsSchema,
  response: z.object({ id: z.number().int() }),
  role: leastRoleFor.deleteSpace,
});
