import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idSchema, spaceParamsSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';
import { spaceLocaleSchema } from './spaces.ts';

import {
  LANGUAGE_CODE_HINT,
  LANGUAGE_CODE_MAX,
  LANGUAGE_CODE_PATTERN,
  LANGUAGE_CODE_REQUIRED,
  LANGUAGE_CODE_TOO_LONG,
  LANGUAGE_NAME_MAX,
  LANGUAGE_NAME_REQUIRED,
  LANGUAGE_NAME_TOO_LONG,
} from './language-rules.ts';

export {
  LANGUAGE_CODE_ADD_INPUT_MAX,
  LANGUAGE_CODE_HINT,
  LANGUAGE_CODE_MAX,
  LANGUAGE_NAME_MAX,
} from './language-rules.ts';

export const languageCodeSchema = z
  .string()
  .trim()
  .min(1, LANGUAGE_CODE_REQUIRED)
  .max(LANGUAGE_CODE_MAX, LANGUAGE_CODE_TOO_LONG)
  .regex(LANGUAGE_CODE_PATTERN, LANGUAGE_CODE_HINT);

export const languageNameSchema = z
  .string()
  .trim()
  .min(1, LANGUAGE_NAME_REQUIRED)
  .max(LANGUAGE_NAME_MAX, LANGUAGE_NAME_TOO_LONG);

/** Languages are mirrored into the Storyblok space: a change Storyblok refuses changes nothing here either. */
export const addLanguage = defineEndpoint('addLanguage', {
  params: spaceParamsSchema,
  body: z.object({ code: languageCodeSchema, name: languageNameSchema }),
  response: spaceLocaleSchema,
  role: leastRoleFor.languages,
});

export const editLanguage = defineEndpoint('editLanguage', {
  params: spaceParamsSchema,
  body: z.object({ id: idSchema, code: languageCodeSchema, name: languageNameSchema }),
  response: spaceLocaleSchema,
  role: leastRoleFor.languages,
});

export const deleteLanguage = defineEndpoint('deleteLanguage', {
  params: spaceParamsSchema,
  body: z.object({ id: idSchema }),
  response: z.object({ id: z.number().int() }),
  role: leastRoleFor.languages,
});
