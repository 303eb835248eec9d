import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { spaceParamsSchema, urlIdSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';
import {
  FORMALITIES,
  STYLE_AVOID_MAX,
  STYLE_AVOID_WORD_MAX,
  STYLE_INSTRUCTIONS_MAX,
  STYLE_TONE_MAX,
} from './style-guide-rules.ts';

/** A language's style guide: what every AI request for the language is told, and words the checks flag. */
export const styleGuideSchema = z.object({
  /** Formal or informal address of the reader (German "Sie" or "du"); default leaves it to the text. */
  formality: z.enum(FORMALITIES),
  tone: z.string().trim().max(STYLE_TONE_MAX, `The tone is at most ${STYLE_TONE_MAX} characters`),
  /** Words and phrases translations must not use. */
  avoid: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A word to avoid cannot be empty')
        .max(STYLE_AVOID_WORD_MAX, `A word to avoid is at most ${STYLE_AVOID_WORD_MAX} characters`),
    )
    .max(STYLE_AVOID_MAX, `At most ${STYLE_AVOID_MAX} words to avoid`),
  instructions: z
    .string()
    .trim()
    .max(
      STYLE_INSTRUCTIONS_MAX,
      `The instructions are at most ${STYLE_INSTRUCTIONS_MAX.toLocaleString('en-US')} characters`,
    ),
});

export type StyleGuide = z.infer<typeof styleGuideSchema>;

const styleGuideQuery = z.object({ space_locale_id: urlIdSchema });

export const getStyleGuide = defineEndpoint('getStyleGuide', {
  params: spaceParamsSchema,
  query: styleGuideQuery,
  response: styleGuideSchema,
  role: leastRoleFor.read,
});

export const updateStyleGuide = defineEndpoint('updateStyleGuide', {
  params: spaceParamsSchema,
  query: styleGuideQuery,
  body: styleGuideSchema,
  response: styleGuideSchema,
  role: leastRoleFor.settings,
});
