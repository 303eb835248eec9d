import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idSchema } from './ids.ts';
import { roleSchema } from './spaces.ts';
import { API_TOKEN_NAME_MAX } from './api-token-rules.ts';

/** A personal API token as its owner sees it: never its secret, which is shown once, when it is created. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The most the token may do in each of its spaces; less where its creator's own role is lower now. */
  role: roleSchema,
  /** The only spaces the token acts in. */
  spaces: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  revoked_at: z.iso.datetime({ offset: true }).nullable(),
});

export type ApiToken = z.infer<typeof apiTokenSchema>;

export const listApiTokens = defineEndpoint('listApiTokens', {
  response: z.object({ tokens: z.array(apiTokenSchema) }),
});

export const createApiTokenBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Give the token a name' })
    .max(API_TOKEN_NAME_MAX, { error: `At most ${API_TOKEN_NAME_MAX} characters` }),
  space_ids: z.array(idSchema).min(1, { error: 'Choose at least one space' }).max(100, { error: 'At most 100 spaces' }),
  role: roleSchema,
  /** Optional end of the token's life; it must lie in the future. */
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
});

export const createApiToken = defineEndpoint('createApiToken', {
  body: createApiTokenBodySchema,
  response: z.object({
    token: apiTokenSchema,
    /** `pbk_…`: shown this once, stored only as a hash. Send it as `Authorization: Bearer <secret>`. */
    secret: z.string(),
  }),
  status: 201,
});

export const revokeApiToken = defineEndpoint('revokeApiToken', {
  params: z.object({ tokenId: z.uuid({ error: 'Must be a token id (a UUID)' }) }),
  response: apiTokenSchema,
});
