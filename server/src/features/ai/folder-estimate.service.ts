import type { FolderRunEstimate } from '#contract/content-writes.ts';
import { keySourceSelect } from '../content/index.ts';
import { requireTranslator, type AiDeps } from './ai-deps.ts';
import { prepareKey } from './ai-items.ts';
import { examplesOf, memoryOfKeys, sameSource } from './memory-reuse.ts';
import { aiStanding, dailyAllowance } from './ai-quota.ts';
import { missingInFolder } from './batches.service.ts';

/**
 * What "Translate folder with AI" would take, before anyone starts it: the keys it would ask (those missing in
 * the locale without an ask under way, as the run picks them), their words, the model requests their stories
 * would need (each story is one job, its keys split into requests as the model adapter splits them, and as many
 * again at most to score what they translated), the keys the translation memory answers without the model (their words are not charged), and the words left today
 * after it. Nothing is asked, held or charged.
 */
export async function estimateFolderRun(
  deps: AiDeps,
  spaceId: number,
  input: { folder_id?: number | null | undefined; space_locale_id: number },
): Promise<FolderRunEstimate> {
  const translator = requireTranslator(deps);
  const { prisma } = deps;
  const { locale, keyIds } = await missingInFolder(prisma, spaceId, input);
  const [keys, allowance, standing] = await Promise.all([
    prisma.translatableKey.findMany({
      where: {
        id: { in: keyIds },
        asks: { none: { spaceLocaleId: locale.id, status: { in: ['pending', 'running'] } } },
      },
      select: { ...keySourceSelect, storyId: true },
      orderBy: [{ storyId: 'asc' }, { position: 'asc' }],
    }),
    dailyAllowance(prisma, spaceId, deps),
    aiStanding(prisma, spaceId),
  ]);
  const memory = await memoryOfKeys(
    prisma,
    { id: locale.id, spaceId },
    keys.map((key) => key.id),
  );
  const toModel = keys.filter((key) => !sameSource(memory.get(key.id)));
  const byStory = new Map<number, { items: ReturnType<typeof prepareKey>['items']; sources: string[] }>();
  for (const [index, key] of toModel.entries()) {
    const story = byStory.get(key.storyId) ?? { items: [], sources: [] };
    story.items.push(...prepareKey({ ref: `k${index}`, ...key }, examplesOf(memory.get(key.id))).items);
    story.sources.push(key.valueText);
    byStory.set(key.storyId, story);
  }
  const words = toModel.reduce((sum, key) => sum + key.wordCount, 0);
  // Each story's translation requests, then the requests scoring what they translated (not charged as words).
  const requests = [...byStory.values()].reduce(
    (sum, story) => sum + translator.requestsFor(story.items) + translator.scoreRequestsFor(story.sources),
    0,
  );
  return {
    keys: keys.length,
    words,
    model_requests: requests,
    memory_reused: keys.length - toModel.length,
    quota_left_after: allowance - standing.used - standing.reserved - words,
  };
}
