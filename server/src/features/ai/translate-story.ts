import { glossaryGaps } from '../../adapters/openai/item-checks.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { afterTranslationsChanged, keySourceSelect, normalizeValue } from '../content/index.ts';
import { requireTranslator, type AiDeps } from './ai-deps.ts';
import { prepareKey } from './ai-items.ts';
import { recordModelUse, refundWords } from './ai-quota.ts';
import { glossaryFor } from './glossary-terms.ts';

export interface StoryAskScope {
  batchId: string;
  storyId: number;
  spaceLocaleId: number;
}

/**
 * Translates the pending asks of one story into one locale in as few model requests as the size allows:
 * the whole story's keys together, for context. Each key's answer is checked; a key that fails is marked
 * failed with its reason and its words are given back; the rest become unverified translations, with the
 * glossary terms they lack flagged.
 */
export async function translateStoryAsks(deps: AiDeps, scope: StoryAskScope): Promise<void> {
  const { prisma } = deps;
  const asks = await prisma.translationAsk.findMany({
    where: {
      batchId: scope.batchId,
      spaceLocaleId: scope.spaceLocaleId,
      status: { in: ['pending', 'running'] },
      translatableKey: { storyId: scope.storyId },
    },
    select: {
      id: true,
      translatableKey: { select: { ...keySourceSelect, spaceId: true } },
    },
    orderBy: { translatableKey: { position: 'asc' } },
  });
  if (asks.length === 0) return;
  const spaceId = asks[0]!.translatableKey.spaceId;
  await prisma.translationAsk.updateMany({
    where: { id: { in: asks.map((ask) => ask.id) } },
    data: { status: 'running', attempts: { increment: 1 } },
  });
  const locale = await prisma.spaceLocale.findUniqueOrThrow({
    where: { id: scope.spaceLocaleId },
    select: { code: true, name: true },
  });
  const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { defaultLocaleName: true } });
  const glossary = await glossaryFor(prisma, spaceId, scope.spaceLocaleId);
  const prepared = asks.map((ask, index) => ({ ask, ...prepareKey({ ref: `k${index}`, ...ask.translatableKey }) }));

  const result = await requireTranslator(deps).translate({
    source: { code: 'source', name: space.defaultLocaleName ?? 'the source language' },
    target: { code: locale.code, name: locale.name },
    glossary,
    items: prepared.flatMap((entry) => entry.items),
  });

  let done = 0;
  let failed = 0;
  let refund = 0;
  for (const { ask, assemble } of prepared) {
    const key = ask.translatableKey;
    const outcome = assemble(result.translations, result.failures);
    if ('error' in outcome) {
      await prisma.translationAsk.updateMany({
        where: { id: ask.id },
        data: { status: 'failed', error: `AI translation failed: ${outcome.error}.` },
      });
      failed += 1;
      refund += key.wordCount;
      continue;
    }
    const normalized = normalizeValue(key.fieldType, outcome.value as string | { type: 'doc' });
    const data = {
      value: normalized.value as Prisma.InputJsonValue,
      valueText: normalized.valueText,
      isNeedingFormatting: false,
      referenceHash: null,
      verifiedSourceText: null,
      origin: 'ai' as const,
      translatedById: null,
      glossaryIssues: glossaryGaps(key.valueText, normalized.valueText, glossary) as Prisma.InputJsonValue,
    };
    await prisma.$transaction([
      prisma.translation.upsert({
        where: { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: scope.spaceLocaleId } },
        create: { translatableKeyId: key.id, spaceLocaleId: scope.spaceLocaleId, ...data },
        update: data,
        select: { id: true },
      }),
      // deleteMany: a cancel may have removed the ask meanwhile; the translation is kept all the same.
      prisma.translationAsk.deleteMany({ where: { id: ask.id } }),
    ]);
    done += 1;
  }
  await refundWords(prisma, spaceId, refund);
  await recordModelUse(prisma, spaceId, result.requests, result.usage);
  await finishBatchProgress(deps, scope.batchId, done, failed);
  await afterTranslationsChanged(deps, spaceId, [scope.storyId]);
}

/** Adds to the batch's progress; the batch completes when every key is done or failed. */
export async function finishBatchProgress(
  deps: Pick<AiDeps, 'prisma'>,
  batchId: string,
  done: number,
  failed: number,
): Promise<void> {
  await deps.prisma.$executeRaw`
    UPDATE translation_batches SET done = done + ${done}, failed = failed + ${failed},
      status = CASE WHEN done + ${done} + failed + ${failed} >= total AND status IN ('queued', 'running') THEN 'completed'::"BatchStatus" ELSE status END,
      finished_at = CASE WHEN done + ${done} + failed + ${failed} >= total THEN now() ELSE finished_at END
    WHERE id = ${batchId}::uuid`;
}
