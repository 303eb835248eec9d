import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { spaceParamsSchema, urlIdSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';
import { searchStatusSchema } from './content-search.ts';
import { xliffSkipReasons } from './xliff-rules.ts';

export const exportXliffQuerySchema = z
  .object({
    space_locale_id: urlIdSchema,
    /** One story; or `folder_id`, every story below the folder; neither, the whole space. */
    story_id: urlIdSchema.optional(),
    folder_id: urlIdSchema.optional(),
    /** Only the keys of this status in the language, as the content search filters them. */
    status: searchStatusSchema.optional(),
  })
  .refine((query) => query.story_id === undefined || query.folder_id === undefined, {
    error: 'Export a story or a folder, not both',
    path: ['folder_id'],
  });

/**
 * The file, checked against the contract like any answer; the server sends `document` as the download itself
 * (`Content-Type: application/xliff+xml`, `Content-Disposition` naming `file_name`).
 */
export const xliffFileSchema = z.object({
  file_name: z.string(),
  document: z.string(),
});

export const exportXliff = defineEndpoint('exportXliff', {
  params: spaceParamsSchema,
  query: exportXliffQuerySchema,
  response: xliffFileSchema,
  answerMediaType: 'application/xliff+xml',
  role: leastRoleFor.read,
});

export const xliffSkippedUnitSchema = z.object({
  /** The story's id as the file names it (its `<file id>`), null when the file named none. */
  story_id: z.number().int().nullable(),
  /** The story's name in Polyblok; null when the space has no such story. */
  story_name: z.string().nullable(),
  /** The unit's id: the key. */
  key: z.string(),
  reason: z.enum(xliffSkipReasons),
  /** What is wrong, in words a translator can act on. */
  message: z.string(),
});

export type XliffSkippedUnit = z.infer<typeof xliffSkippedUnitSchema>;

export const xliffImportResultSchema = z.object({
  /** Targets stored as the language's translation (unverified). */
  applied: z.number().int(),
  /** Units without a target, or whose target is the translation already stored: nothing to change. */
  unchanged: z.number().int(),
  source_changed: z.number().int(),
  invalid: z.number().int(),
  unknown: z.number().int(),
  /** Every unit not applied for one of the three reasons. */
  skipped: z.array(xliffSkippedUnitSchema),
});

export type XliffImportResult = z.infer<typeof xliffImportResultSchema>;

export const importXliff = defineEndpoint('importXliff', {
  params: spaceParamsSchema,
  query: z.object({ space_locale_id: urlIdSchema }),
  /** The XLIFF document itself, sent as `application/xliff+xml` (or `application/xml`, `text/xml`). */
  body: z.string(),
  bodyMediaType: 'application/xliff+xml',
  response: xliffImportResultSchema,
  role: leastRoleFor.translate,
});
