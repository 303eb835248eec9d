import type { z } from 'zod';
import type { translationValueSchema } from '#contract/content-writes.ts';
import { AiUnavailableError } from '../../adapters/openai/ai-translator.ts';
import { AppError } from '../../errors.ts';
import { countWords } from '#contract/content-format/word-count.ts';
import type { AiScore } from '#contract/ai-score-rules.ts';
import { fieldLengthLimits, normalizeValue, rememberSuggestion, resolveKey } from '../content/index.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { scoreTranslatedKeys } from './score-translations.ts';
import { requireTranslator, type AiDeps } from './ai-deps.ts';
import { prepareKey } from './ai-items.ts';
import { examplesOf, memoryOfKeys, sameSource } from './memory-reuse.ts';
import { dailyAllowance, endHold, holdWords } from './ai-quota.ts';
import { glossaryFor, styleGuideFor } from '../glossary/index.ts';

interface AiAnswer {
  content: string | { type: 'doc' };
  ai_score: number | null;
  ai_score_reasons: AiScore['reasons'];
}

const unscored = (content: AiAnswer['content']): AiAnswer => ({ content, ai_score: null, ai_score_reasons: [] });

/**
 * Translates one value now (the editor's AI button) and answers it without saving. Its words are held while
 * the model works and charged only once the answer is there. The same source verified before is answered from
 * the translation memory, without the model and free; alike ones go to the model as examples. A model's answer
 * is scored as an AI run's translation is, and remembered with its score: saved as it is, it is the AI's.
 */
export async function aiTranslateValue(
  deps: AiDeps,
  spaceId: number,
  input: {
    key: string;
    story_id?: number | undefined;
    value: z.output<typeof translationValueSchema>;
    target_locale: string;
  },
): Promise<AiAnswer> {
  const translator = requireTranslator(deps);
  const { prisma } = deps;
  const key = await resolveKey(prisma, spaceId, input);
  const locale = await prisma.spaceLocale.findFirst({
    where: { spaceId, code: input.target_locale },
    select: { id: true, code: true, name: true },
  });
  if (!locale)
    throw new AppError('not_found', `The language "${input.target_locale}" is not one of this space's languages.`);
  const source = normalizeValue(key.fieldType, input.value);
  if (source.empty) return unscored(input.value);
  const words = countWords(source.valueText);
  const allowance = await dailyAllowance(prisma, spaceId, deps);
  const [details, memory] = await Promise.all([
    prisma.translatableKey.findUniqueOrThrow({
      where: { id: key.id },
      select: { component: true, field: true, valueText: true },
    }),
    memoryOfKeys(prisma, { id: locale.id, spaceId }, [key.id]),
  ]);
  // The key's own source, translated and verified before: the team's translation, without the model.
  const reused = details.valueText === source.valueText ? sameSource(memory.get(key.id)) : null;
  if (reused) return unscored(reused.translation_value as AiAnswer['content']);
  const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { defaultLocaleName: true } });
  const prepared = prepareKey(
    {
      ref: 'k0',
      key: key.key,
      fieldType: key.fieldType,
      component: details.component,
      field: details.field,
      value: source.value,
    },
    examplesOf(memory.get(key.id)),
  );
  const [glossary, style, maxLengths] = await Promise.all([
    glossaryFor(prisma, spaceId, locale.id),
    styleGuideFor(prisma, locale.id),
    fieldLengthLimits(prisma, spaceId, Prisma.sql`${details.component}`),
  ]);
  const hold = await holdWords(prisma, spaceId, words, allowance);
  let result;
  try {
    result = await translator.translate({
      source: { code: 'source', name: space.defaultLocaleName ?? 'the source language' },
      target: { code: locale.code, name: locale.name },
      glossary,
      style,
      items: prepared.items,
    });
  } catch (error) {
    await endHold(prisma, hold, false, { requests: 0, promptTokens: 0, completionTokens: 0 });
    if (error instanceof AiUnavailableError) throw new AppError('ai_unavailable', error.message);
    throw error;
  }
  const use = { requests: result.requests, ...result.usage };
  const outcome = prepared.assemble(result.translations, result.failures);
  if ('error' in outcome) {
    await endHold(prisma, hold, false, use);
    throw new AppError('ai_unavailable', `The AI could not translate this: ${outcome.error}.`);
  }
  const content = outcome.value as AiAnswer['content'];
  const answer = normalizeValue(key.fieldType, content);
  const scoring = await scoreTranslatedKeys(
    translator,
    {
      source: { code: 'source', name: space.defaultLocaleName ?? 'the source language' },
      target: { code: locale.code, name: locale.name },
      glossary,
      avoid: style?.avoid ?? [],
      formality: style?.formality ?? 'default',
      maxLengths,
    },
    [
      {
        ref: 'k0',
        fieldType: key.fieldType,
        component: details.component,
        field: details.field,
        source: source.value,
        sourceText: source.valueText,
        translation: answer.value,
        translationText: answer.valueText,
      },
    ],
  );
  await endHold(prisma, hold, true, {
    requests: use.requests + scoring.use.requests,
    promptTokens: use.promptTokens + scoring.use.promptTokens,
    completionTokens: use.completionTokens + scoring.use.completionTokens,
  });
  const score = scoring.scores.get('k0')!;
  await rememberSuggestion(prisma, { keyId: key.id, spaceLocaleId: locale.id }, answer.value, score);
  return { content, ai_score: score.score, ai_score_reasons: score.reasons };
}
