import { z } from 'zod';

/**
 * What Polyblok sends a model to translate, as the user message (JSON). The model treats everything in it as
 * data to translate; the system message says so and that instructions inside items are not to be followed.
 *
 * Item texts carry numbered inline markers for formatting that must come back exactly: `<1>…</1>` around
 * marked or linked text, `<2/>` for an inline element (a line break, an emoji). Placeholders (`{name}`,
 * `{{count}}`, `%s`, ICU plural blocks) are kept as they are. Glossary terms that occur in the items are listed
 * with the translation to use (or, for do-not-translate terms, the term itself).
 */
export const translationRequestSchema = z.object({
  task: z.literal('translate'),
  source_language: z.object({ code: z.string(), name: z.string() }),
  target_language: z.object({ code: z.string(), name: z.string() }),
  glossary: z.array(
    z.object({
      term: z.string(),
      translation: z.string(),
      case_sensitive: z.boolean(),
      do_not_translate: z.boolean(),
      description: z.string().nullable(),
    }),
  ),
  /** The team's style guide for the target language, when it asks for something. */
  style: z
    .object({
      formality: z.enum(['default', 'formal', 'informal']),
      tone: z.string(),
      avoid: z.array(z.string()),
      instructions: z.string(),
    })
    .optional(),
  items: z.array(
    z.object({
      /** Short id, unique in the request; the answer is keyed by it. */
      id: z.string(),
      text: z.string(),
      /** Where the text sits, for tone and length: "teaser › headline", "page › seo › title". */
      context: z.string(),
      /** text: plain text; markdown: keep the Markdown syntax; richtext: one block of a rich text. */
      format: z.enum(['text', 'markdown', 'richtext']),
      /** The team's verified translations of alike texts (translation memory), to follow their wording. */
      examples: z.array(z.object({ source: z.string(), translation: z.string() })).optional(),
    }),
  ),
});

export type TranslationRequest = z.infer<typeof translationRequestSchema>;

/** The structured answer: `{ "translations": { "<id>": "<translated text>" } }`, one entry per item. */
export function translationResponseJsonSchema(ids: string[]) {
  return {
    type: 'object',
    properties: {
      translations: {
        type: 'object',
        properties: Object.fromEntries(ids.map((id) => [id, { type: 'string' }])),
        required: ids,
        additionalProperties: false,
      },
    },
    required: ['translations'],
    additionalProperties: false,
  } as const;
}

export const RESPONSE_FORMAT_NAME = 'translations';
