import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { spaceParamsSchema, storyblokIdSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';

/**
 * What Storyblok posts: story events carry story_id (and full_slug on publish and move), a datasource's
 * `entries_updated` its datasource_slug.
 */
export const storyblokWebhookBodySchema = z.object({
  action: z.string().max(100),
  space_id: storyblokIdSchema,
  story_id: storyblokIdSchema.optional(),
  full_slug: z.string().max(2000).optional(),
  datasource_slug: z.string().max(2000).optional(),
  text: z.string().max(10_000).optional(),
});

/**
 * Storyblok's webhook. Signed with the space's webhook secret (header webhook-signature, HMAC-SHA1 of the raw
 * body); answered at once with 202, the story (or the datasources) synced in the background.
 */
export const receiveStoryblokWebhook = defineEndpoint('receiveStoryblokWebhook', {
  body: storyblokWebhookBodySchema,
  response: z.object({ accepted: z.boolean() }),
  status: 202,
});

/** Where Storyblok must send webhooks for the space, and the secret to sign them with (admins only). */
export const getWebhookSettings = defineEndpoint('getWebhookSettings', {
  params: spaceParamsSchema,
  response: z.object({ url: z.string(), secret: z.string() }),
  role: leastRoleFor.token,
});
