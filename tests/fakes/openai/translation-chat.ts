import {
  RESPONSE_FORMAT_NAME,
  translationResponseJsonSchema,
  type TranslationRequest,
} from '#server/adapters/openai/translation-prompt.ts';

type Item = TranslationRequest['items'][number];
type GlossaryEntry = TranslationRequest['glossary'][number];

/** A TranslationRequest as the product sends it, for tests of the stand-in and of code that talks to it. */
export function translationRequest(
  items: Array<Pick<Item, 'id' | 'text'> & Partial<Item>>,
  options: {
    target?: string;
    glossary?: Array<Pick<GlossaryEntry, 'term' | 'translation'> & Partial<GlossaryEntry>>;
  } = {},
): TranslationRequest {
  const target = options.target ?? 'de';
  return {
    task: 'translate',
    source_language: { code: 'en', name: 'English' },
    target_language: { code: target, name: target === 'de' ? 'German' : target },
    glossary: (options.glossary ?? []).map((g) => ({
      case_sensitive: false,
      do_not_translate: false,
      description: null,
      ...g,
    })),
    items: items.map((item) => ({ context: 'page › body', format: 'text', ...item })),
  };
}

/** The Chat Completions body around it: instructions, the request as the user message, the strict schema. */
export function translationChatBody(request: TranslationRequest, model = 'gpt-4o-mini') {
  return {
    model,
    messages: [
      { role: 'system' as const, content: 'Translate the items of the JSON the user sends. Answer JSON only.' },
      { role: 'user' as const, content: JSON.stringify(request) },
    ],
    response_format: {
      type: 'json_schema' as const,
      json_schema: {
        name: RESPONSE_FORMAT_NAME,
        strict: true,
        schema: translationResponseJsonSchema(request.items.map((i) => i.id)) as Record<string, unknown>,
      },
    },
  };
}
