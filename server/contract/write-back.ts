import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { urlIdSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';

/**
 * Where writing a story's translations in one language to Storyblok stands: `written` (at: the last write that
 * carried them), `pending` (translations wait to be written; error: why the last try failed or what waits for
 * the next sync, if anything), `failed` (Storyblok refused or stayed unreachable; error: its reason, at: when).
 */
export const writeBackStateSchema = z.object({
  state: z.enum(['written', 'pending', 'failed']),
  error: z.string().nullable(),
  at: z.iso.datetime({ offset: true }).nullable(),
});

export type WriteBackState = z.infer<typeof writeBackStateSchema>;

/**
 * Writes the story's translations to Storyblok again now, after a write that failed; answers where the locale's
 * translations stand then. Refused (409) when nothing failed, or while the space's token is refused.
 */
export const retryWriteBack = defineEndpoint('retryWriteBack', {
  params: z.object({ storyId: urlIdSchema }),
  body: z.object({ locale: z.string().trim().min(1).max(50) }),
  response: z.object({ write_back: writeBackStateSchema.nullable() }),
  role: leastRoleFor.translate,
});
