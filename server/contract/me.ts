import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { spaceSchema } from './spaces.ts';

export const meResponseSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: z.string(),
  /** HMAC-SHA256 (hex) of the e-mail with the Crisp secret, for Crisp's identity check; null without Crisp. */
  crisp_signature: z.string().nullable(),
  /** The Crisp website the Support item opens a chat with; null sends the user to /support instead. */
  crisp_website_id: z.string().nullable(),
  /** Every space the user is a member of, invited to, or asked to join. */
  spaces: z.array(spaceSchema),
});

export type MeResponse = z.infer<typeof meResponseSchema>;

export const getMe = defineEndpoint('getMe', {
  response: meResponseSchema,
});
