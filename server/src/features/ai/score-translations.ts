import { combineScore, notScored, type AiScore } from '#contract/ai-score-rules.ts';
import type { Formality } from '#contract/style-guide-rules.ts';
import type { AiTranslator } from '../../adapters/openai/ai-translator.ts';
import type { GlossaryEntry } from '../../adapters/openai/item-checks.ts';
import { checkAgainstRules } from '../content/index.ts';

/** A key the model translated: its source and its translation, as stored. */
export interface ScoredKey {
  ref: string;
  fieldType: string;
  component: string;
  field: string;
  source: unknown;
  sourceText: string;
  translation: unknown;
  translationText: string;
}

export interface ScoringRules {
  source: { code: string; name: string };
  target: { code: string; name: string };
  glossary: GlossaryEntry[];
  avoid: readonly string[];
  formality: Formality;
  /** Length limits of the components' fields, by "<component>\0<field>". */
  maxLengths: ReadonlyMap<string, number>;
}

export interface Scoring {
  scores: Map<string, AiScore>;
  use: { requests: number; promptTokens: number; completionTokens: number };
}

/**
 * The AI score of each translated key: the model's second pass combined with the checks (ai-score-rules.ts). A
 * failed or malformed pass never fails the translations: their keys get no score and a reason saying so.
 */
export async function scoreTranslatedKeys(
  translator: AiTranslator | null,
  rules: ScoringRules,
  keys: ScoredKey[],
): Promise<Scoring> {
  const scores = new Map<string, AiScore>();
  const use = { requests: 0, promptTokens: 0, completionTokens: 0 };
  if (keys.length === 0) return { scores, use };
  let ratings;
  try {
    if (!translator) throw new Error('no AI model is configured.');
    const result = await translator.score({
      source: rules.source,
      target: rules.target,
      items: keys.map((key) => ({ id: key.ref, source: key.sourceText, translation: key.translationText })),
    });
    ratings = result.ratings;
    Object.assign(use, { requests: result.requests, ...result.usage });
  } catch (error) {
    const why = error instanceof Error ? error.message : 'the model did not answer.';
    for (const key of keys) scores.set(key.ref, notScored(why));
    return { scores, use };
  }
  for (const key of keys) {
    const rating = ratings.get(key.ref);
    if (!rating) {
      scores.set(key.ref, notScored('the model did not rate it.'));
      continue;
    }
    const qa = checkAgainstRules(
      {
        fieldType: key.fieldType,
        component: key.component,
        field: key.field,
        value: key.source,
        valueText: key.sourceText,
      },
      { value: key.translation, valueText: key.translationText },
      rules,
    );
    scores.set(key.ref, combineScore(rating, qa, rules.formality));
  }
  return { scores, use };
}
