import { z } from 'zod';
import { authSessionSchema } from './auth.ts';
import { connectErrorCodes } from './connect-errors.ts';
import { defineEndpoint } from './endpoint.ts';
import { spaceParamsSchema, urlStoryblokIdSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';
import { roleSchema, storyblokRegionSchema } from './spaces.ts';

/**
 * The Storyblok tool panel: its settings, the panel session that follows the OAuth app install, and the story
 * open in the Visual Editor. The install itself runs through redirects, not JSON:
 *
 *   GET /api/connect/storyblok?challenge=<base64url SHA-256 of a verifier the panel keeps>
 *     -> Storyblok's consent -> GET /api/connect/callback (@storyblok/app-extension-auth)
 *     -> GET /api/connect/complete -> /extension/?connect_code=<code>   (or ?connect_error=<ConnectErrorCode>)
 *
 * The panel then trades the code and its verifier for a Polyblok session (exchangePanelCode).
 */

/** Why an install ended without a code (connect-errors.ts lists them, the panel explains each one). */
export const connectErrorCodeSchema = z.enum(connectErrorCodes);

/** What the panel needs before anyone signs in: where its messages may go and whether sign-in is possible. */
export const panelConfigSchema = z.object({
  /** Origins of the Storyblok Visual Editor: the only ones the panel talks to and listens to. */
  storyblok_origins: z.array(z.string()),
  /** The tool plugin's slug, which names the panel in its messages to the Visual Editor. */
  tool_slug: z.string(),
  /** The Storyblok app is configured, so "Sign in with Storyblok" can work. */
  sign_in_available: z.boolean(),
});
export type PanelConfig = z.infer<typeof panelConfigSchema>;

export const getPanelConfig = defineEndpoint('getPanelConfig', {
  response: panelConfigSchema,
});

export const panelSpaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  storyblok_space_id: z.number().int(),
});
export type PanelSpace = z.infer<typeof panelSpaceSchema>;

/** A base64url string of 32 random bytes (43 characters), as the panel makes its verifier. */
const verifierSchema = z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, 'The verifier is 43 to 128 base64url characters');

/**
 * Trades the one-time code of an install (valid for a minute, bound to the panel's challenge) for a session
 * of the panel's own: the same access and refresh tokens as /auth/v1 sessions.
 */
export const exchangePanelCode = defineEndpoint('exchangePanelCode', {
  body: z.object({
    code: z.string().min(1, 'The sign-in code is missing').max(4096, 'The sign-in code is not valid'),
    verifier: verifierSchema,
  }),
  response: z.object({ session: authSessionSchema, space: panelSpaceSchema }),
});

const panelStoryParams = spaceParamsSchema.extend({ storyblokStoryId: urlStoryblokIdSchema });

/** A target language of the space with this story's progress in it. */
export const panelLocaleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  translated_count: z.number().int().nonnegative(),
  verified_count: z.number().int().nonnegative(),
});
export type PanelLocale = z.infer<typeof panelLocaleSchema>;

export const panelStorySchema = z.object({
  space: panelSpaceSchema.extend({
    /** The name of the source language ("English"), as Storyblok calls its default language. */
    default_locale_name: z.string().nullable(),
    /** The CDN preview token, for the published-content link (members see it in /api/me as well). */
    preview_token: z.string().nullable(),
    /** The Storyblok region of the space: which CDN the published-content link asks. */
    region: storyblokRegionSchema,
    /** The delivery API (with /v2/cdn) that serves the space's content, for the published-content link. */
    cdn_url: z.string(),
  }),
  /** The caller's role in the space: the panel offers what it allows, the server checks it again. */
  role: roleSchema,
  /** The story as Polyblok holds it; null when it has not been synced yet (a story just created). */
  story: z
    .object({
      id: z.number().int(),
      name: z.string(),
      full_slug: z.string(),
      key_count: z.number().int().nonnegative(),
      storyblok_updated_at: z.iso.datetime({ offset: true }).nullable(),
    })
    .nullable(),
  locales: z.array(panelLocaleSchema),
});
export type PanelStory = z.infer<typeof panelStorySchema>;

/** The story open in the Visual Editor, by its Storyblok id, with its progress per language. */
export const getPanelStory = defineEndpoint('getPanelStory', {
  params: panelStoryParams,
  response: panelStorySchema,
  role: leastRoleFor.read,
});

/**
 * "Sync this story now": reads the one story from Storyblok and brings its keys up to date. Unlike a full sync
 * (editor and up) it is one request to Storyblok, so whoever translates may ask for it.
 */
export const syncPanelStory = defineEndpoint('syncPanelStory', {
  params: panelStoryParams,
  response: panelStorySchema.extend({
    /**
     * updated: the keys changed; unchanged: nothing new; removed: Storyblok no longer has the story; failed: its
     * content could not be imported (the story detail's import_problem says why).
     */
    outcome: z.enum(['updated', 'unchanged', 'removed', 'failed']),
  }),
  role: leastRoleFor.translate,
});
