import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { spaceLocaleSchema } from './spaces.ts';

/** The rules of the specification (section 5), shared by the forms and the server. */
export const LANGUAGE_CODE_MAX = 50;
export const LANGUAGE_CODE_ADD_INPUT_MAX = 10;
export const LANGUAGE_NAME_MAX = 50;
export const LANGUAGE_CODE_HINT = 'Only letters, numbers, dashes and underscores are allowed';

export const languageCodeSchema = z
  .string()
  .trim()
  .min(1, 'Language code is required')
  .max(LANGUAGE_CODE_MAX, `Language code must be at most ${LANGUAGE_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, LANGUAGE_CODE_HINT);

export const languageNameSchema = z
  .string()
  .trim()
  .min(1, 'Language name is required')
  .max(LANGUAGE_NAME_MAX, `Language name must be at most ${LANGUAGE_NAME_MAX} characters`);

const spaceIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Languages are mirrored into the Storyblok space: a change Storyblok refuses changes nothing here either. */
export const addLanguage = defineEndpoint({
  method: 'POST',
  path: '/api/spaces/:id/add_language',
  params: spaceIdParams,
  body: z.object({ code: languageCodeSchema, name: languageNameSchema }),
  response: spaceLocaleSchema,
  role: 'admin',
});

export const editLanguage = defineEndpoint({
  method: 'POST',
  path: '/api/spaces/:id/edit_language',
  params: spaceIdParams,
  body: z.object({ id: z.coerce.number().int().positive(), code: languageCodeSchema, name: languageNameSchema }),
  response: spaceLocaleSchema,
  role: 'admin',
});

export const deleteLanguage = defineEndpoint({
  method: 'POST',
  path: '/api/spaces/:id/delete_language',
  params: spaceIdParams,
  body: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({ id: z.number().int() }),
  role: 'admin',
});
