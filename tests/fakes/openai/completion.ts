import { createHash, randomBytes } from 'node:crypto';
import type { TranslationRequest } from '#server/adapters/openai/translation-prompt.ts';
import { messageText, scoreRequestOf, type ChatBody } from './chat-request.ts';
import { damageTranslations, type FakeFailure } from './failures.ts';
import { fakeScores } from './fake-score.ts';
import { fakeTranslate } from './fake-translate.ts';
import { conformToSchema } from './json-schema.ts';

export interface AssistantTurn {
  content: string | null;
  refusal: string | null;
  finishReason: 'stop' | 'length';
}

const defaultRefusal = "I'm sorry, but I can't help with that request.";

/** Roughly what OpenAI's tokenizer counts for English: four characters a token, plus a few per message. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function promptTokens(chat: ChatBody): number {
  return chat.messages.reduce((n, m) => n + 4 + estimateTokens(messageText(m)), 3);
}

export function translate(request: TranslationRequest): Record<string, string> {
  const target = request.target_language.code;
  const entries = request.items.map((item) => [
    item.id,
    fakeTranslate(item.text, { target, glossary: request.glossary, format: item.format }),
  ]);
  return Object.fromEntries(entries);
}

function answerValue(chat: ChatBody, request: TranslationRequest | null, failure: FakeFailure | null): unknown {
  const format = chat.response_format;
  const schema = format?.type === 'json_schema' ? format.json_schema.schema : undefined;
  const scoring = request ? null : scoreRequestOf(chat);
  let value: unknown = request
    ? { translations: translate(request) }
    : scoring
      ? { scores: fakeScores(scoring) }
      : null;
  // The schema shapes the answer first, as constrained decoding would; damage comes after, as a misbehaving model's.
  if (schema) value = conformToSchema(schema, value);
  if (failure?.kind === 'drop_keys' || failure?.kind === 'break_markers') {
    const record = value as { translations?: Record<string, string> } | null;
    if (record?.translations) value = { ...record, translations: damageTranslations(record.translations, failure) };
  }
  return value;
}

/** What the model says: the translations as JSON (shaped by `response_format`), or the failure asked for. */
export function assistantTurn(
  chat: ChatBody,
  request: TranslationRequest | null,
  failure: FakeFailure | null,
): AssistantTurn {
  if (failure?.kind === 'refusal') {
    return { content: null, refusal: failure.message ?? defaultRefusal, finishReason: 'stop' };
  }
  const value = answerValue(chat, request, failure);
  const lastUser = chat.messages.findLast((m) => m.role === 'user');
  // Any other prompt without a schema gets a chat reply, the user's words visibly "translated" (as JSON in JSON mode).
  const reply = fakeTranslate(lastUser ? messageText(lastUser) : '', { target: 'fake' });
  const jsonMode = chat.response_format?.type === 'json_object';
  let content = value !== null ? JSON.stringify(value) : jsonMode ? JSON.stringify({ reply }) : reply;
  let finishReason: AssistantTurn['finishReason'] = 'stop';
  if (failure?.kind === 'malformed_json') {
    if (failure.variant === 'not_json') content = '```json\n' + JSON.stringify(value, null, 2) + '\n```';
    if (failure.variant === 'wrong_shape') {
      const translations = request ? translate(request) : {};
      content = JSON.stringify({ translations: Object.entries(translations).map(([id, text]) => ({ id, text })) });
    }
    if (failure.variant === 'truncated') {
      content = content.slice(0, Math.ceil(content.length / 2));
      finishReason = 'length';
    }
  }
  const limit = chat.max_completion_tokens ?? chat.max_tokens;
  if (limit && estimateTokens(content) > limit) {
    content = content.slice(0, limit * 4);
    finishReason = 'length';
  }
  return { content, refusal: null, finishReason };
}

export function chatCompletion(chat: ChatBody, turn: AssistantTurn) {
  const completionTokens = estimateTokens(turn.content ?? turn.refusal ?? '');
  const prompt = promptTokens(chat);
  const choices = Array.from({ length: chat.n ?? 1 }, (_, index) => ({
    index,
    message: { role: 'assistant', content: turn.content, refusal: turn.refusal, annotations: [] },
    logprobs: null,
    finish_reason: turn.finishReason,
  }));
  return {
    id: `chatcmpl-${randomBytes(15).toString('base64url')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: chat.model,
    choices,
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completionTokens * choices.length,
      total_tokens: prompt + completionTokens * choices.length,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: 'default',
    system_fingerprint: `fp_${createHash('sha256').update(chat.model).digest('hex').slice(0, 10)}`,
  };
}
