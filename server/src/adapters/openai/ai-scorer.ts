import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { ModelRating } from '#contract/ai-score-rules.ts';
import {
  SCORE_RESPONSE_FORMAT_NAME,
  SCORE_SYSTEM_PROMPT,
  ratingSchema,
  scoreAnswerSchema,
  scoreResponseJsonSchema,
  type ScoreRequest,
} from './score-prompt.ts';

export interface AiScoreItem {
  id: string;
  /** The source and its translation as plain text. */
  source: string;
  translation: string;
}

export interface AiScoreInput {
  source: { code: string; name: string };
  target: { code: string; name: string };
  items: AiScoreItem[];
}

export interface AiScoreResult {
  /** The items the model rated; an item missing here was not rated (a malformed or partial answer). */
  ratings: Map<string, ModelRating>;
  requests: number;
  usage: { promptTokens: number; completionTokens: number };
}

/** Splits items into requests of at most `maxChars` of text and `maxItems` items, in order. */
export function scoreChunks<T extends { source: string; translation: string }>(
  items: T[],
  maxChars: number,
  maxItems: number,
): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const item of items) {
    const size = item.source.length + item.translation.length;
    if (current.length > 0 && (chars + size > maxChars || current.length >= maxItems)) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * The second model pass: rates translations already made. A model error is thrown (as AiUnavailableError, after
 * the adapter's retries); an answer that is not the asked shape rates nothing of its request, and an item's rating that is not one
 * rates nothing of that item: never a wrong score.
 */
export async function scoreTranslations(
  complete: (body: ChatCompletionCreateParamsNonStreaming) => Promise<ChatCompletion>,
  model: string,
  input: AiScoreInput,
  limits: { maxChars: number; maxItems: number },
): Promise<AiScoreResult> {
  const result: AiScoreResult = { ratings: new Map(), requests: 0, usage: { promptTokens: 0, completionTokens: 0 } };
  for (const items of scoreChunks(input.items, limits.maxChars, limits.maxItems)) {
    const request: ScoreRequest = {
      task: 'score',
      source_language: input.source,
      target_language: input.target,
      items,
    };
    result.requests += 1;
    const completion = await complete({
      model,
      temperature: 0,
      messages: [
        { role: 'system', content: SCORE_SYSTEM_PROMPT },
        { role: 'user', content: JSON.stringify(request) },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: SCORE_RESPONSE_FORMAT_NAME,
          strict: true,
          schema: scoreResponseJsonSchema(items.map((item) => item.id)),
        },
      },
    });
    result.usage.promptTokens += completion.usage?.prompt_tokens ?? 0;
    result.usage.completionTokens += completion.usage?.completion_tokens ?? 0;
    let answer: unknown;
    try {
      answer = JSON.parse(completion.choices[0]?.message?.content ?? '');
    } catch {
      continue;
    }
    const parsed = scoreAnswerSchema.safeParse(answer);
    if (!parsed.success) continue;
    // A rating out of range or of the wrong shape leaves its item unrated, not the others of the request.
    for (const item of items) {
      const rating = ratingSchema.safeParse(parsed.data.scores[item.id]);
      if (rating.success) result.ratings.set(item.id, rating.data);
    }
  }
  return result;
}
