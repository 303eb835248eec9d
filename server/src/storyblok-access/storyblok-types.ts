import { z } from 'zod';

export const regions = ['eu', 'us', 'ca', 'ap', 'cn'] as const;
export type Region = (typeof regions)[number];

/** Storyblok writes regions in capitals ("EU") in some answers and lower case in others. */
const regionSchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(regions))
  .catch('eu');

const id = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number);

export const spaceSummarySchema = z.object({ id, name: z.string(), region: regionSchema.optional() });
export type SpaceSummary = { id: number; name: string; region: Region };

export const languageSchema = z.object({ code: z.string(), name: z.string().catch('') });
export type StoryblokLanguage = z.infer<typeof languageSchema>;

export const spaceDetailSchema = z.object({
  id,
  name: z.string(),
  region: regionSchema.optional(),
  languages: z.array(languageSchema).catch([]),
  default_lang_name: z.string().nullish(),
  /** The first private (preview) token: it reads drafts on the CDN. */
  first_token: z.string().nullish(),
  /** The space's plan: its token's rate follows it (storyblok-rates.ts). */
  plan: z.string().nullish().catch(null),
  plan_level: z.number().nullish().catch(null),
  /** "Publish translations individually": publishing one language needs it on. */
  use_translated_stories: z.boolean().nullish().catch(null),
});
export interface StoryblokSpace {
  id: number;
  name: string;
  region: Region;
  languages: StoryblokLanguage[];
  defaultLangName: string | null;
  previewToken: string | null;
  /** Whether the space publishes translations individually (Storyblok's `use_translated_stories`). */
  publishesLanguagesIndividually: boolean;
}

export const translatedStorySchema = z.object({
  lang: z.string(),
  published_at: z.string().nullish(),
  unpublished_changes: z.boolean().catch(false),
});
export type TranslatedStory = z.infer<typeof translatedStorySchema>;

export const storyListItemSchema = z.object({
  id,
  uuid: z.string().nullish(),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  parent_id: id.nullish(),
  is_folder: z.boolean().catch(false),
  is_startpage: z.boolean().catch(false),
  published: z.boolean().catch(false),
  unpublished_changes: z.boolean().catch(false),
  position: z.number().catch(0),
  content_type: z.string().nullish(),
  updated_at: z.string().nullish(),
  published_at: z.string().nullish(),
  /** Each language's own publication, where the space publishes translations individually. */
  translated_stories: z.array(translatedStorySchema).nullish().catch(null),
});
export type StoryListItem = z.infer<typeof storyListItemSchema>;

/** A language's slug of a story (Storyblok's Translatable Slugs); `slug` empty or null where none was given. */
export const translatedSlugSchema = z.object({
  id: id.nullish(),
  lang: z.string(),
  slug: z.string().nullish(),
  name: z.string().nullish(),
});
export type TranslatedSlug = z.infer<typeof translatedSlugSchema>;

/** One language's slug as a story write sets it (`translated_slugs_attributes`): `id` updates that entry. */
export interface TranslatedSlugWrite {
  id?: number;
  lang: string;
  slug: string;
  name?: string | null;
}

export const storySchema = storyListItemSchema.extend({
  content: z.record(z.string(), z.unknown()).nullish(),
  /** Present where the space translates slugs; entries Polyblok cannot read are left out, not the story. */
  translated_slugs: z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((items) =>
      items == null
        ? null
        : items.flatMap((item) => {
            const parsed = translatedSlugSchema.safeParse(item);
            return parsed.success ? [parsed.data] : [];
          }),
    ),
});
export type StoryblokStory = z.infer<typeof storySchema>;

export const componentSchema = z.object({
  name: z.string(),
  display_name: z.string().nullish(),
  schema: z.record(z.string(), z.unknown()).catch({}),
});
export type StoryblokComponentDefinition = z.infer<typeof componentSchema>;

/** A datasource's dimension: one more value per entry, usually one per language (`entry_value` its code). */
export const datasourceDimensionSchema = z.object({ id, name: z.string().catch(''), entry_value: z.string() });
export type DatasourceDimension = z.infer<typeof datasourceDimensionSchema>;

export const datasourceSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  dimensions: z.array(datasourceDimensionSchema).catch([]),
});
export type StoryblokDatasource = z.infer<typeof datasourceSchema>;

/** An entry as read in one dimension (`dimension_value` its value there, null where it has none) or in none. */
export const datasourceEntrySchema = z.object({
  id,
  name: z.string(),
  value: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  dimension_value: z.string().nullish(),
});
export type DatasourceEntry = z.infer<typeof datasourceEntrySchema>;

/** A personal access token is sent as it is; an OAuth token (one space, from the app install) as a Bearer token. */
export type StoryblokAuth = ({ kind: 'personal'; token: string } | { kind: 'oauth'; token: string }) & {
  /** A ceiling below the token's rate for this space's requests (the space's own setting). */
  maxRequestsPerSecond?: number | null;
};
