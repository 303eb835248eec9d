import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idSchema, spaceParamsSchema, urlIdSchema } from './ids.ts';
import {
  GLOSSARY_DESCRIPTION_MAX,
  GLOSSARY_SCOPE_REQUIRED,
  GLOSSARY_TEXT_MAX,
  GLOSSARY_TRANSLATABLE_REQUIRED,
  GLOSSARY_TRANSLATED_REQUIRED,
} from './glossary-rules.ts';
import { leastRoleFor } from './roles.ts';

const termParams = spaceParamsSchema.extend({ termId: urlIdSchema });

export const glossaryTermSchema = z.object({
  id: z.number().int(),
  translatable: z.string(),
  translated: z.string(),
  /** A global term applies to every language of the space; otherwise `locales` lists where it applies. */
  global: z.boolean(),
  locales: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  description: z.string().nullable(),
  case_sensitive: z.boolean(),
  /** The source text must stay as it is in the translation (brand names). */
  do_not_translate: z.boolean(),
  updated_at: z.iso.datetime({ offset: true }),
});

export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;

const text = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(GLOSSARY_TEXT_MAX, `A glossary text is at most ${GLOSSARY_TEXT_MAX} characters`);

/** The term fields of the add and edit forms; scope = global or at least one locale id of the space. */
export const glossaryTermInput = z
  .object({
    translatable: text(GLOSSARY_TRANSLATABLE_REQUIRED),
    translated: text(GLOSSARY_TRANSLATED_REQUIRED),
    global: z.boolean().default(false),
    locale_ids: z.array(idSchema).max(200).default([]),
    description: z.string().trim().max(GLOSSARY_DESCRIPTION_MAX).nullish(),
    case_sensitive: z.boolean().default(false),
    do_not_translate: z.boolean().default(false),
  })
  .refine((term) => term.global || term.locale_ids.length > 0, {
    message: GLOSSARY_SCOPE_REQUIRED,
    path: ['locale_ids'],
  });

/** `locale` filters by language code: global terms and the terms of that locale; absent or `all` lists all. */
export const listGlossaryTerms = defineEndpoint('listGlossaryTerms', {
  params: spaceParamsSchema,
  query: z.object({ locale: z.string().trim().max(50).optional() }),
  response: z.object({ terms: z.array(glossaryTermSchema) }),
  role: leastRoleFor.read,
});

export const createGlossaryTerm = defineEndpoint('createGlossaryTerm', {
  params: spaceParamsSchema,
  body: glossaryTermInput,
  response: glossaryTermSchema,
  status: 201,
  role: leastRoleFor.glossary,
});

export const updateGlossaryTerm = defineEndpoint('updateGlossaryTerm', {
  params: termParams,
  body: glossaryTermInput,
  response: glossaryTermSchema,
  role: leastRoleFor.glossary,
});

export const deleteGlossaryTerm = defineEndpoint('deleteGlossaryTerm', {
  params: termParams,
  response: z.object({ id: z.number().int() }),
  role: leastRoleFor.glossary,
});
