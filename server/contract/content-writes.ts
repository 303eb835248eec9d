import { z } from 'zod';
import { aiScoreReasonsSchema, aiScoreSchema, translatableKeySchema } from './content.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema as id } from './ids.ts';
import { leastRoleFor } from './roles.ts';

const keyName = z.string().trim().min(1).max(500);

/** A key of the space: its key string, and the story when the same key string exists in several stories. */
const keyRef = z.object({ key: keyName, space_locale_id: id, story_id: id.optional() });

/** Text, Markdown and SEO values are strings; richtext is a document, or plain text that becomes one. */
export const translationValueSchema = z.union([
  z.string().max(200_000, 'A translation is at most 200,000 characters'),
  z.object({ type: z.literal('doc') }).loose(),
]);

export const saveTranslation = defineEndpoint('saveTranslation', {
  body: keyRef.extend({
    field_type: z.string().min(1).max(100),
    value: translationValueSchema,
    /** The source hash the translator verified against; absent saves the translation unverified. */
    reference_hash: z.string().max(100).nullish(),
    /**
     * The translation's `updated_at` the translator started from (null: there was none). When it has changed
     * since, nothing is saved and the answer is 409 `translation_changed` with the translation as it is now.
     * Absent, the last save wins.
     */
    base_updated_at: z.iso.datetime({ offset: true }).nullish(),
    /**
     * Where the text came from: typed (the default), a translation memory match applied as it was, or the AI
     * button's answer as it was (stored as the AI's, with its score, when it is exactly the last answer given).
     */
    origin: z.enum(['manual', 'memory', 'ai']).optional(),
  }),
  response: translatableKeySchema,
  role: leastRoleFor.translate,
});

const verifyBody = z.array(keyRef).min(1, 'Choose at least one key').max(2000, 'At most 2,000 keys at once');
const verifyResponse = z.object({
  updated: z.number().int(),
  /** Keys that were left as they were (no translation to verify, or already in that state). */
  skipped: z.array(z.string()),
});

export const markAsVerified = defineEndpoint('markAsVerified', {
  body: verifyBody,
  response: verifyResponse,
  role: leastRoleFor.translate,
});

export const markAsUnverified = defineEndpoint('markAsUnverified', {
  body: verifyBody,
  response: verifyResponse,
  role: leastRoleFor.translate,
});

/** Gives every other key of the space with the same source text this key's translation in the locale. */
export const applyToAssociated = defineEndpoint('applyToAssociated', {
  body: keyRef.extend({ verify: z.boolean().default(false) }),
  response: z.object({ updated: z.number().int() }),
  role: leastRoleFor.translate,
});

export const createTranslationAsks = defineEndpoint('createTranslationAsks', {
  body: z.object({
    translatable_key_ids: z.array(id).min(1, 'Choose at least one key').max(5000, 'At most 5,000 keys at once'),
    space_locale_id: id,
  }),
  response: z.object({ batch_id: z.uuid(), asked: z.number().int(), words: z.number().int() }),
  status: 202,
  role: leastRoleFor.translate,
});

/** Translates one value with AI and answers it without saving: the translator decides. */
export const aiTranslate = defineEndpoint('aiTranslate', {
  body: keyRef.extend({ value: translationValueSchema, target_locale: z.string().trim().min(1).max(50) }),
  response: z.object({
    content: translationValueSchema,
    /** The answer's quality estimate, as an AI run's translation gets it; null from the memory or unscored. */
    ai_score: aiScoreSchema,
    ai_score_reasons: aiScoreReasonsSchema,
  }),
  role: leastRoleFor.translate,
});

export const translationBatchSchema = z.object({
  id: z.uuid(),
  /** keys (a selection), or folder. */
  scope: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']),
  total: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** The source words of the keys asked, and of the keys translated so far (what the run charges). */
  words_total: z.number().int().nonnegative(),
  words_done: z.number().int().nonnegative(),
  space_locale_id: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
  /** Why keys failed (the latest failure's reason), or null while none has. */
  error: z.string().nullable(),
});

export type TranslationBatch = z.infer<typeof translationBatchSchema>;

const count = z.number().int().nonnegative();

/** What a folder run would take, answered instead of starting it (`dry_run`): nothing is asked or charged. */
export const folderRunEstimateSchema = z.object({
  keys: count,
  /** Words the model would translate, and charge: those of the keys the memory does not fill. */
  words: count,
  model_requests: count,
  /** Keys the translation memory would fill without asking the model (the same source, verified before). */
  memory_reused: count,
  /** Today's AI words left after the run; below zero, the run needs more than is left and would be refused. */
  quota_left_after: z.number().int(),
});

export type FolderRunEstimate = z.infer<typeof folderRunEstimateSchema>;

/**
 * Asks AI for every key of the folder's stories (its whole subtree; the root when folder_id is absent) still
 * missing in the locale; with `dry_run`, answers what that would take instead (200).
 */
export const translateFolder = defineEndpoint('translateFolder', {
  body: z.object({ space_id: id, folder_id: id.nullish(), space_locale_id: id, dry_run: z.boolean().optional() }),
  response: z.union([translationBatchSchema, folderRunEstimateSchema]),
  status: 202,
  /** A dry run answers its estimate with 200: nothing was started. */
  alsoStatuses: [200],
  role: leastRoleFor.translateFolder,
});

const batchParams = z.object({ batchId: z.uuid() });

/** How far an AI run (a selection or a folder) has come. */
export const getTranslationBatch = defineEndpoint('getTranslationBatch', {
  params: batchParams,
  response: translationBatchSchema,
  role: leastRoleFor.read,
});

/** Stops an AI run: keys not yet translated are no longer asked, and their words are given back. */
export const cancelTranslationBatch = defineEndpoint('cancelTranslationBatch', {
  params: batchParams,
  response: translationBatchSchema,
  role: leastRoleFor.translateFolder,
});
