import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idSchema, urlIdSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';
import { translatableKeySchema } from './content.ts';
import { translationOrigins } from './translation-origins.ts';

const isoTime = z.iso.datetime({ offset: true });

/** One change of a key's translation in a language: what it became, from where, by whom, when. */
export const historyEntrySchema = z.object({
  /** 0 for a translation unchanged since it was imported: the key's current one, which has no entry of its own yet. */
  id: z.number().int().nonnegative(),
  /** The text it became; empty when the translation was removed. */
  value_text: z.string(),
  status: z.enum(['missing', 'unverified', 'verified', 'outdated']),
  origin: z.enum(translationOrigins),
  /** The member's display name (or e-mail); null for changes by Storyblok or the system. */
  user_name: z.string().nullable(),
  at: isoTime,
});

export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Every change of a key's translation, newest first (the newest is the translation as it is now). */
export const getKeyHistory = defineEndpoint('getKeyHistory', {
  query: z.object({
    story_id: urlIdSchema,
    key: z.string().min(1).max(500),
    space_locale_id: urlIdSchema,
  }),
  response: z.object({ history: z.array(historyEntrySchema) }),
  role: leastRoleFor.read,
});

/** Gives the key back the value of one of its history's entries, as a new change (origin `revert`). */
export const revertTranslation = defineEndpoint('revertTranslation', {
  body: z.object({
    history_id: idSchema,
    /** As for a save: the translation's `updated_at` the translator started from; 409 when it changed since. */
    base_updated_at: isoTime.nullish(),
  }),
  response: translatableKeySchema,
  role: leastRoleFor.translate,
});
