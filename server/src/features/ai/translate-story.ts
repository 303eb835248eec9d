import { glossaryGaps } from '../../adapters/openai/item-checks.ts';
import { autoVerifies } from '#contract/ai-score-rules.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { changeTranslations, fieldLengthLimits, keySourceSelect, normalizeValue } from '../content/index.ts';
import { requireTranslator, type AiJobDeps } from './ai-deps.ts';
import { prepareKey } from './ai-items.ts';
import { examplesOf, memoryOfKeys, sameSource } from './memory-reuse.ts';
import { chargeWords } from './ai-quota.ts';
import { addProgress, lockBatch } from './batch-progress.ts';
import { glossaryFor, styleGuideFor } from '../glossary/index.ts';
import { scoreTranslatedKeys } from './score-translations.ts';
import { storeStoryResults, takeStoryAsks, type StoryAskScope, type TranslatedKey } from './story-asks.ts';

/** What a story whose every key the memory answered asks of the model. */
const nothingAsked = () => ({
  translations: new Map<string, string>(),
  failures: new Map<string, string>(),
  requests: 0,
  usage: { promptTokens: 0, completionTokens: 0 },
});

/**
 * Translates the asks of one story into one locale in as few model requests as the size allows: the whole
 * story's keys together, for context. A key whose very source the team verified before (translation memory)
 * takes that translation without the model; the others carry the memory's alike translations as examples.
 * Each key's answer is checked, and what the model translated is scored by a second pass (a failed pass leaves
 * the keys unscored, never untranslated). Then, in one transaction, the keys that
 * passed become unverified translations with their score (verified when the space's auto_verify_min_score
 * trusts it; with the glossary terms they lack flagged) and their words are
 * charged, the others are marked failed with their reason, and the run's progress moves: a crash before it
 * leaves the asks to the next attempt, having charged nothing.
 */
export async function translateStoryAsks(deps: AiJobDeps, scope: StoryAskScope): Promise<void> {
  const { prisma } = deps;
  const taken = await takeStoryAsks(prisma, scope);
  if (taken.length === 0) return;
  const asks = await prisma.translationAsk.findMany({
    where: { id: { in: taken } },
    select: { id: true, translatableKey: { select: keySourceSelect } },
    orderBy: { translatableKey: { position: 'asc' } },
  });
  const locale = await prisma.spaceLocale.findUniqueOrThrow({
    where: { id: scope.spaceLocaleId },
    select: { code: true, name: true },
  });
  const space = await prisma.space.findUniqueOrThrow({
    where: { id: scope.spaceId },
    select: { defaultLocaleName: true, autoVerifyMinScore: true },
  });
  const components = [...new Set(asks.map((ask) => ask.translatableKey.component))];
  const [glossary, style, memory, maxLengths] = await Promise.all([
    glossaryFor(prisma, scope.spaceId, scope.spaceLocaleId),
    styleGuideFor(prisma, scope.spaceLocaleId),
    memoryOfKeys(
      prisma,
      { id: scope.spaceLocaleId, spaceId: scope.spaceId },
      asks.map((ask) => ask.translatableKey.id),
    ),
    fieldLengthLimits(prisma, scope.spaceId, Prisma.join(components)),
  ]);
  const source = { code: 'source', name: space.defaultLocaleName ?? 'the source language' };
  const target = { code: locale.code, name: locale.name };
  const translation = (ask: (typeof asks)[number], value: unknown, origin: TranslatedKey['origin']): TranslatedKey => {
    const key = ask.translatableKey;
    const normalized = normalizeValue(key.fieldType, value as string | { type: 'doc' });
    return {
      askId: ask.id,
      keyId: key.id,
      words: key.wordCount,
      value: normalized.value,
      valueText: normalized.valueText,
      glossaryIssues: glossaryGaps(key.valueText, normalized.valueText, glossary),
      origin,
    };
  };
  const translated: TranslatedKey[] = [];
  const toModel: typeof asks = [];
  for (const ask of asks) {
    const reused = sameSource(memory.get(ask.translatableKey.id));
    if (reused) translated.push(translation(ask, reused.translation_value, 'memory'));
    else toModel.push(ask);
  }
  const prepared = toModel.map((ask, index) => ({
    ask,
    ...prepareKey({ ref: `k${index}`, ...ask.translatableKey }, examplesOf(memory.get(ask.translatableKey.id))),
  }));

  const result =
    prepared.length === 0
      ? nothingAsked()
      : await requireTranslator(deps).translate({
          source,
          target,
          glossary,
          style,
          items: prepared.flatMap((entry) => entry.items),
        });

  const failures: Array<{ askId: number; error: string }> = [];
  for (const { ask, assemble } of prepared) {
    const outcome = assemble(result.translations, result.failures);
    if ('error' in outcome) failures.push({ askId: ask.id, error: `AI translation failed: ${outcome.error}.` });
    else translated.push(translation(ask, outcome.value, 'ai'));
  }
  const keyOfAsk = new Map(asks.map((ask) => [ask.id, ask.translatableKey]));
  // The second pass rates what the model translated; it is not charged as words, only counted as requests.
  const byModel = translated.filter((key) => key.origin === 'ai');
  const scoring = await scoreTranslatedKeys(
    deps.translator,
    { source, target, glossary, avoid: style?.avoid ?? [], formality: style?.formality ?? 'default', maxLengths },
    byModel.map((key) => {
      const ask = keyOfAsk.get(key.askId)!;
      return {
        ref: String(key.askId),
        fieldType: ask.fieldType,
        component: ask.component,
        field: ask.field,
        source: ask.value,
        sourceText: ask.valueText,
        translation: key.value,
        translationText: key.valueText,
      };
    }),
  );
  for (const key of byModel) {
    key.score = scoring.scores.get(String(key.askId)) ?? null;
    key.autoVerify = key.score !== null && autoVerifies(key.score, space.autoVerifyMinScore);
  }
  const use = {
    requests: result.requests + scoring.use.requests,
    promptTokens: result.usage.promptTokens + scoring.use.promptTokens,
    completionTokens: result.usage.completionTokens + scoring.use.completionTokens,
  };
  await changeTranslations(deps, scope.spaceId, [scope.storyId], async (tx) => {
    if ((await lockBatch(tx, scope.batchId)) === null) return;
    const outcome = await storeStoryResults(tx, scope, translated, failures);
    await chargeWords(tx, scope.spaceId, outcome.charged, use);
    await addProgress(tx, scope.batchId, outcome.done, outcome.failed, outcome.words);
  });
}
