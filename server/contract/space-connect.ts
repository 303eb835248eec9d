import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { spaceParamsSchema, storyblokIdSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';
import { membershipStatusSchema, storyblokRegionSchema } from './spaces.ts';

const isoTime = z.iso.datetime({ offset: true });

export const personalAccessTokenSchema = z
  .string()
  .trim()
  .min(1, 'Enter a personal access token')
  .max(200, 'A personal access token is at most 200 characters')
  // It travels to Storyblok in a header, which holds visible ASCII only.
  .regex(/^[\x21-\x7e]*$/, 'A personal access token is letters, digits and punctuation, without spaces');

export const availableSpaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  region: storyblokRegionSchema,
  /** Another team already connected this space: adding it asks that team for access. */
  already_associated: z.boolean(),
});

export type AvailableSpace = z.infer<typeof availableSpaceSchema>;

/** The Storyblok spaces a personal access token can see, in every region. */
export const listAvailableSpaces = defineEndpoint('listAvailableSpaces', {
  body: z.object({ personal_access_token: personalAccessTokenSchema }),
  response: z.array(availableSpaceSchema),
});

/**
 * Connects a Storyblok space: the caller becomes its owner and the first sync starts. For a space another
 * team already connected, the caller's membership is a request to join that the space's admins approve.
 */
export const createSpace = defineEndpoint('createSpace', {
  body: z.object({ space_id: storyblokIdSchema, personal_access_token: personalAccessTokenSchema }),
  response: z.object({
    id: z.number().int(),
    status: membershipStatusSchema,
    sync_batch_id: z.uuid().nullable(),
  }),
  status: 201,
});

export const syncStatusSchema = z.object({
  /** The running sync, if any. */
  sync_batch_id: z.uuid().nullable(),
  /** running while a sync runs; otherwise how the last one ended (null before the first). */
  status: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']).nullable(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  synced_at: isoTime.nullable(),
  has_token_issue: z.boolean(),
  /** Why the last sync failed, when it did. */
  error: z.string().nullable(),
});

export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const startSync = defineEndpoint('startSync', {
  params: spaceParamsSchema,
  response: syncStatusSchema,
  role: leastRoleFor.sync,
});

export const getSyncStatus = defineEndpoint('getSyncStatus', {
  params: spaceParamsSchema,
  response: syncStatusSchema,
  role: leastRoleFor.read,
});

/** Gives the space a new Storyblok token (after it stopped working); syncing resumes with it. */
export const replaceSpaceToken = defineEndpoint('replaceSpaceToken', {
  params: spaceParamsSchema,
  body: z.object({ personal_access_token: personalAccessTokenSchema }),
  response: syncStatusSchema,
  role: leastRoleFor.token,
});
