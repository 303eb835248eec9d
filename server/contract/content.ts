import { z } from 'zod';
import { QA_CODES } from './qa-rules.ts';
import { MEMORY_MIN_SIMILARITY } from './memory-rules.ts';
import { defineEndpoint } from './endpoint.ts';
import { paginationQuerySchema, urlIdSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';
import { writeBackStateSchema } from './write-back.ts';

const isoTime = z.iso.datetime({ offset: true });
const localeCode = z.string().trim().min(1).max(50);

export const keyStatuses = ['missing', 'translation_requested', 'unverified', 'verified'] as const;
export const keyStatusSchema = z.enum(keyStatuses);
export type KeyStatus = z.infer<typeof keyStatusSchema>;

/** A datasource is never published: Storyblok serves its entries as they are written. */
export const publicationStates = [
  'folder',
  'unpublished',
  'published',
  'published_with_changes',
  'datasource',
] as const;

/** A folder or story in a folder listing, with what is missing in the locale (folders: in their whole subtree). */
export const storyListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  is_folder: z.boolean(),
  is_ignored: z.boolean(),
  published: z.boolean(),
  unpublished_changes: z.boolean(),
  publication: z.enum(publicationStates),
  translatable_keys_count: z.number().int().nonnegative(),
  missing_translated_keys_count: z.number().int().nonnegative(),
  missing_validated_translated_keys_count: z.number().int().nonnegative(),
  /** Listed by the space's running sync, its content not read yet: its keys are still to come. */
  importing: z.boolean(),
  /** The story's translations in the locale could not be written to Storyblok (folders: always false). */
  write_back_failed: z.boolean(),
  /** Why, as Storyblok or the connection said; null when nothing failed. */
  write_back_error: z.string().nullable(),
});

export type StoryListItem = z.infer<typeof storyListItemSchema>;

export const folderResponseSchema = z.object({
  /** The folder's name; the space's name at the root. */
  name: z.string(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  total_stories: z.number().int().nonnegative(),
  /** From the root down to this folder, for the breadcrumb. */
  breadcrumb: z.array(z.object({ id: z.number().int(), name: z.string() })),
  stories: z.array(storyListItemSchema),
});

export type FolderResponse = z.infer<typeof folderResponseSchema>;

const folderQuery = z.object({ locale: localeCode, space_id: urlIdSchema });

export const getRootFolder = defineEndpoint('getRootFolder', {
  query: folderQuery,
  response: folderResponseSchema,
  role: leastRoleFor.read,
});

export const getFolder = defineEndpoint('getFolder', {
  params: z.object({ folderId: urlIdSchema }),
  query: folderQuery,
  response: folderResponseSchema,
  role: leastRoleFor.read,
});

export const memoryMatchSchema = z.object({
  source_text: z.string(),
  translation_text: z.string(),
  /** The translation as stored (a richtext document for richtext), to apply it as it is. */
  translation_value: z.unknown(),
  /** Percent of the source's trigrams in common, case and accents ignored; 100 only for the very same source. */
  similarity: z.number().int().min(MEMORY_MIN_SIMILARITY).max(100),
  story_id: z.number().int(),
});

export type MemoryMatch = z.infer<typeof memoryMatchSchema>;

/** An AI translation's quality estimate (ai-score-rules.ts), and why it is what it is. */
export const aiScoreSchema = z.number().int().min(0).max(100).nullable();
export const aiScoreReasonsSchema = z.array(z.object({ code: z.string(), message: z.string() }));

export const translatableKeySchema = z.object({
  /** The key's id, for translation asks. */
  id: z.number().int(),
  key: z.string(),
  hash: z.string(),
  field_type: z.string(),
  component: z.string(),
  field: z.string(),
  value: z.unknown(),
  value_text: z.string(),
  word_count: z.number().int().nonnegative(),
  translated_key_value: z.unknown().nullable(),
  translated_key_value_text: z.string().nullable(),
  translated_key_reference_hash: z.string().nullable(),
  has_translation_ask: z.boolean(),
  is_needing_formatting: z.boolean(),
  status: keyStatusSchema,
  /** Verified once, but the source changed since: the translation stays and shows the difference. */
  is_outdated: z.boolean(),
  /** The source text when the translation was verified (set when outdated). */
  verified_source_text: z.string().nullable(),
  /** Glossary terms the translation lacks: [{ term, expected }]. */
  glossary_issues: z.array(z.object({ term: z.string(), expected: z.string() })),
  /** Why the last AI ask for this key failed, when it did. */
  ask_error: z.string().nullable(),
  updated_at: isoTime.nullable(),
  /** What the checks found in the translation (placeholders, markup, numbers, addresses, glossary, spacing). */
  qa: z.array(z.object({ code: z.enum(QA_CODES), message: z.string() })),
  /**
   * Translation memory: up to three verified translations in this language whose source is at least 75 % like
   * this key's, best first (100: the same source). Empty while the key's own translation is verified.
   */
  tm_matches: z.array(memoryMatchSchema),
  /**
   * The AI's quality estimate (0-100) of an AI translation, as it was stored; null for any other translation,
   * once someone changed it, or when it could not be scored. See ai-score-rules.ts for how it is made.
   */
  ai_score: aiScoreSchema,
  /** Why the score is what it is: the model's rating, each check's finding, a formality breach. */
  ai_score_reasons: aiScoreReasonsSchema,
  /** The image an alt text or title describes (asset fields), shown as a thumbnail beside the key. */
  image_url: z.string().nullable(),
  /** Where a table cell sits: row 0 is the header, rows and columns count from 1. */
  table_cell: z.object({ row: z.number().int().nonnegative(), column: z.number().int().positive() }).nullable(),
});

export type TranslatableKey = z.infer<typeof translatableKeySchema>;

/** Someone else who had the story open in the editor within the last minute. */
export const colleagueSchema = z.object({
  user_id: z.uuid(),
  /** Their display name, or their e-mail address when they have not set one. */
  name: z.string(),
});

export const storyDetailSchema = z.object({
  id: z.number().int(),
  /** A datasource's entries are its keys; it has no slug to translate and nothing to publish. */
  kind: z.enum(['story', 'datasource']),
  /** A story's Storyblok id; a datasource's Storyblok id negated. */
  storyblok_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  published: z.boolean(),
  unpublished_changes: z.boolean(),
  storyblok_updated_at: isoTime.nullable(),
  space_id: z.number().int(),
  space_locale_id: z.number().int(),
  counts: z.object({
    all: z.number(),
    missing: z.number(),
    unverified: z.number(),
    completed: z.number(),
    requested: z.number(),
  }),
  translatable_keys: z.array(translatableKeySchema),
  /** Why the story's content could not be imported by the last sync that tried, and when; null when it was. */
  import_problem: z.object({ reason: z.string(), at: isoTime }).nullable(),
  /**
   * Listed by the space's running sync, its content not read yet: its keys are still to come. Opening it
   * makes the sync read it next.
   */
  importing: z.boolean(),
  /** Components the story uses that the space's schemas no longer have: their fields are not shown. */
  skipped_components: z.array(z.string()),
  /** The other members who had the story open in the last minute, in the order of their e-mail addresses. */
  editing_now: z.array(colleagueSchema),
  /** Writing the story's translations in the locale to Storyblok; null when none was ever written or waits. */
  write_back: writeBackStateSchema.nullable(),
  /** The folder the story is in, for its breadcrumb; null at the root. */
  folder_id: z.number().int().nullable(),
});

export type StoryDetail = z.infer<typeof storyDetailSchema>;
export type Colleague = z.infer<typeof colleagueSchema>;

export const getStory = defineEndpoint('getStory', {
  params: z.object({ storyId: urlIdSchema }),
  query: z.object({ locale: localeCode }),
  response: storyDetailSchema,
  role: leastRoleFor.read,
});

/** The editor says it has the story open (when it opens it, then every half minute) and learns who else has. */
export const markStoryOpen = defineEndpoint('markStoryOpen', {
  params: z.object({ storyId: urlIdSchema }),
  response: z.object({ editing_now: z.array(colleagueSchema) }),
  role: leastRoleFor.read,
});

export const associatedKeySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  story_id: z.number().int(),
  story_name: z.string(),
  status: keyStatusSchema,
  value: z.unknown(),
  value_text: z.string(),
  translated_key_value: z.unknown().nullable(),
  translated_key_value_text: z.string().nullable(),
});

export const getAssociatedKeys = defineEndpoint('getAssociatedKeys', {
  query: paginationQuerySchema.extend({
    key: z.string().min(1).max(500),
    space_locale_id: urlIdSchema,
    story_id: urlIdSchema.optional(),
  }),
  response: z.object({
    content_keys: z.array(associatedKeySchema),
    metadata: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
  }),
  role: leastRoleFor.read,
});
