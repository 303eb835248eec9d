import { z } from 'zod';
import { scoreRequestSchema, type ScoreRequest } from '#server/adapters/openai/score-prompt.ts';
import { translationRequestSchema, type TranslationRequest } from '#server/adapters/openai/translation-prompt.ts';
import { strictSchemaProblem } from './json-schema.ts';
import { invalidRequest, type OpenAIHttpError } from './openai-errors.ts';

/** Every body parameter of Chat Completions in openai 6.30 (`ChatCompletionCreateParamsBase`); others get a 400. */
// prettier-ignore
const knownParameters = new Set([
  'messages', 'model', 'audio', 'frequency_penalty', 'function_call', 'functions', 'logit_bias', 'logprobs',
  'max_completion_tokens', 'max_tokens', 'metadata', 'modalities', 'n', 'parallel_tool_calls', 'prediction',
  'presence_penalty', 'prompt_cache_key', 'prompt_cache_retention', 'reasoning_effort', 'response_format',
  'safety_identifier', 'seed', 'service_tier', 'stop', 'store', 'stream', 'stream_options', 'temperature',
  'tool_choice', 'tools', 'top_logprobs', 'top_p', 'user', 'verbosity', 'web_search_options',
]);

const contentPart = z.looseObject({ type: z.string(), text: z.string().optional() });

const message = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
  name: z.string().optional(),
});

const responseFormat = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.object({
      name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullable().optional(),
    }),
  }),
]);

const tokenLimit = z.number().int().min(1).nullable().optional();

export const chatBodySchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(message).min(1),
  response_format: responseFormat.optional(),
  n: z.number().int().min(1).max(128).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  max_tokens: tokenLimit,
  max_completion_tokens: tokenLimit,
  stream: z.boolean().nullable().optional(),
});

export type ChatBody = z.infer<typeof chatBodySchema>;

const describe = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
};

function paramOf(path: PropertyKey[]): string {
  return path.reduce<string>(
    (s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)),
    '',
  );
}

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

function issueToError(issue: z.core.$ZodIssue, body: Record<string, unknown>): OpenAIHttpError {
  const param = paramOf(issue.path);
  const input = issue.path.reduce<unknown>((v, p) => (v as Record<PropertyKey, unknown> | undefined)?.[p], body);
  if (input === undefined) {
    return invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter');
  }
  if (issue.code === 'invalid_type') {
    const expected = `expected ${article(issue.expected)}, but got ${describe(input)} instead`;
    return invalidRequest(`Invalid type for '${param}': ${expected}.`, param, 'invalid_type');
  }
  if (issue.code === 'too_small' && Array.isArray(input) && input.length === 0) {
    const message = `Invalid '${param}': empty array. Expected an array with minimum length 1, but got an empty array instead.`;
    return invalidRequest(message, param, 'empty_array');
  }
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    return invalidRequest(`Invalid '${param}': ${issue.message}.`, param, 'integer_out_of_range');
  }
  if (issue.code === 'invalid_value') {
    const supported = issue.values.map((v) => `'${String(v)}'`).join(', ');
    return invalidRequest(
      `Invalid value: '${String(input)}'. Supported values are: ${supported}.`,
      param,
      'invalid_value',
    );
  }
  return invalidRequest(`Invalid value for '${param}': ${issue.message}.`, param, 'invalid_value');
}

/** The text of a message, as the model reads it: a string, or the text parts joined. */
export function messageText(m: ChatBody['messages'][number]): string {
  if (typeof m.content === 'string') return m.content;
  return (m.content ?? []).map((part) => part.text ?? '').join('');
}

/** Validates a body the way OpenAI does before any model runs; throws the 400 OpenAI would answer. */
export function parseChatBody(body: unknown): ChatBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidRequest(`Invalid type for body: expected an object, but got ${describe(body)} instead.`);
  }
  const unknown = Object.keys(body).find((key) => !knownParameters.has(key));
  if (unknown) throw invalidRequest(`Unrecognized request argument supplied: ${unknown}`);
  const parsed = chatBodySchema.safeParse(body);
  if (!parsed.success) throw issueToError(parsed.error.issues[0] as z.core.$ZodIssue, body as Record<string, unknown>);
  const chat = parsed.data;
  if (chat.stream) {
    throw invalidRequest(
      'This local OpenAI stand-in does not stream: send `stream: false`.',
      'stream',
      'unsupported_value',
    );
  }
  const format = chat.response_format;
  if (format?.type === 'json_object' && !chat.messages.some((m) => /json/i.test(messageText(m)))) {
    throw invalidRequest(
      "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
      'messages',
    );
  }
  if (format?.type === 'json_schema' && format.json_schema.strict) {
    const problem = strictSchemaProblem(format.json_schema.name, format.json_schema.schema ?? {});
    if (problem) throw invalidRequest(problem, 'response_format', 'invalid_json_schema');
  }
  return chat;
}

function lastUserJson(chat: ChatBody): unknown {
  const user = chat.messages.findLast((m) => m.role === 'user');
  if (!user) return null;
  try {
    return JSON.parse(messageText(user));
  } catch {
    return null;
  }
}

/** The product's TranslationRequest carried as the JSON of the last user message, or null for any other prompt. */
export function translationRequestOf(chat: ChatBody): TranslationRequest | null {
  const parsed = translationRequestSchema.safeParse(lastUserJson(chat));
  return parsed.success ? parsed.data : null;
}

/** The product's ScoreRequest (its second pass, rating translations), or null for any other prompt. */
export function scoreRequestOf(chat: ChatBody): ScoreRequest | null {
  const parsed = scoreRequestSchema.safeParse(lastUserJson(chat));
  return parsed.success ? parsed.data : null;
}
