import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idSchema, spaceParamsSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';

/**
 * Which dimension of the space's datasources holds each language's entries. A language maps to the dimension
 * whose `entry_value` is its code unless an admin chose another; datasources without that dimension have no
 * translations in the language.
 */
export const datasourceMappingSchema = z.object({
  /** The space's datasources that have dimensions (those Polyblok translates). */
  datasource_count: z.number().int().nonnegative(),
  languages: z.array(
    z.object({
      space_locale_id: z.number().int(),
      code: z.string(),
      name: z.string(),
      /** The `entry_value` chosen by an admin; null: the language's code. */
      dimension: z.string().nullable(),
      /** How many of the datasources have the dimension the language maps to. */
      datasources_with_dimension: z.number().int().nonnegative(),
    }),
  ),
  /** Every dimension value the datasources have, with the names they gave it and how many have it. */
  dimensions: z.array(
    z.object({ entry_value: z.string(), names: z.array(z.string()), datasources: z.number().int().nonnegative() }),
  ),
});

export type DatasourceMapping = z.infer<typeof datasourceMappingSchema>;

export const getDatasourceMapping = defineEndpoint('getDatasourceMapping', {
  params: spaceParamsSchema,
  response: datasourceMappingSchema,
  role: leastRoleFor.read,
});

/** Maps a language to another dimension (or back to its code, with null); its entries are read again at once. */
export const setDatasourceDimension = defineEndpoint('setDatasourceDimension', {
  params: spaceParamsSchema,
  body: z.object({
    space_locale_id: idSchema,
    dimension: z
      .string()
      .trim()
      .min(1, 'Choose a dimension, or none for the language’s code.')
      .max(200, 'A dimension value has at most 200 characters.')
      .nullable(),
  }),
  response: datasourceMappingSchema,
  role: leastRoleFor.settings,
});
