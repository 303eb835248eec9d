import type { TranslationBatch } from '#contract/content-writes.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { localeInSpace } from '../content/index.ts';
import { sendDueHookEvents } from '../space-hooks/index.ts';
import { requireTranslator, type AiDeps } from './ai-deps.ts';
import { aiTranslateJob } from './ai-translate.job.ts';
import { askForKeys } from './asks.service.ts';
import { addProgress, lockBatch } from './batch-progress.ts';

const batchSelect = {
  id: true,
  scope: true,
  status: true,
  total: true,
  done: true,
  failed: true,
  wordsTotal: true,
  wordsDone: true,
  spaceLocaleId: true,
  createdAt: true,
  finishedAt: true,
  // Why keys failed, as the latest failed ask says it (the model out of credit, a key it keeps dropping...).
  asks: { where: { status: 'failed' }, select: { error: true }, orderBy: { updatedAt: 'desc' }, take: 1 },
} as const;

function toBatch(row: {
  id: string;
  scope: string;
  status: TranslationBatch['status'];
  total: number;
  done: number;
  failed: number;
  wordsTotal: number;
  wordsDone: number;
  spaceLocaleId: number;
  createdAt: Date;
  finishedAt: Date | null;
  asks: Array<{ error: string | null }>;
}): TranslationBatch {
  return {
    id: row.id,
    scope: row.scope,
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    words_total: row.wordsTotal,
    words_done: row.wordsDone,
    space_locale_id: row.spaceLocaleId,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    error: row.asks[0]?.error ?? null,
  };
}

/** The space an AI run belongs to, for the space check; null when there is no such run. */
export async function spaceOfBatch(prisma: Database, batchId: string): Promise<number | null> {
  const batch = await prisma.translationBatch.findUnique({ where: { id: batchId }, select: { spaceId: true } });
  return batch?.spaceId ?? null;
}

/**
 * A run with its progress. Asks can also end outside the run (a translator's own save replaces one, a sync
 * removes a key): a run still going with no ask left is completed here.
 */
export async function getBatch(prisma: Database, batchId: string): Promise<TranslationBatch> {
  const read = () => prisma.translationBatch.findUniqueOrThrow({ where: { id: batchId }, select: batchSelect });
  const batch = await read();
  if (batch.status !== 'running') return toBatch(batch);
  const open = await prisma.translationAsk.findFirst({
    where: { batchId, status: { in: ['pending', 'running'] } },
    select: { id: true },
  });
  if (open) return toBatch(batch);
  await prisma.$transaction(async (tx) => {
    if ((await lockBatch(tx, batchId)) !== null) await addProgress(tx, batchId, 0, 0);
  });
  return toBatch(await read());
}

/**
 * Asks AI for every key still missing in the locale in the folder's whole subtree (the whole space at the
 * root), as one run with progress. Keys already translated, or asked already, are left alone.
 */
export async function translateFolder(
  deps: AiDeps,
  spaceId: number,
  userId: string,
  input: { folder_id?: number | null | undefined; space_locale_id: number },
): Promise<TranslationBatch> {
  requireTranslator(deps);
  const { locale, keyIds } = await missingInFolder(deps.prisma, spaceId, input);
  const { batchId } = await askForKeys(deps, spaceId, userId, locale.id, keyIds, {
    scope: 'folder',
    storyNodeId: input.folder_id ?? null,
  });
  return getBatch(deps.prisma, batchId);
}

/** The keys of the folder's whole subtree (the whole space at the root) without a translation in the locale. */
export async function missingInFolder(
  prisma: Database,
  spaceId: number,
  input: { folder_id?: number | null | undefined; space_locale_id: number },
): Promise<{ locale: { id: number }; keyIds: number[] }> {
  const locale = await localeInSpace(prisma, spaceId, input.space_locale_id);
  let path: string | null = null;
  if (input.folder_id) {
    const folder = await prisma.storyNode.findFirst({
      where: { id: input.folder_id, spaceId, isFolder: true },
      select: { path: true },
    });
    if (!folder)
      throw new AppError(
        'not_found',
        'This folder is not in the space (it may have been moved or deleted in Storyblok).',
      );
    path = folder.path;
  }
  const keys = await prisma.translatableKey.findMany({
    where: {
      spaceId,
      ...(path ? { story: { path: { startsWith: path } } } : {}),
      translations: { none: { spaceLocaleId: locale.id } },
    },
    select: { id: true },
  });
  return { locale, keyIds: keys.map((key) => key.id) };
}

/**
 * Stops a run, in one transaction: its jobs not yet started are cancelled with their asks, and its asks still
 * waiting are dropped, so the words they held are free at once (nothing of them was charged) and the space's
 * next run starts without waiting behind them. Stories already with the model finish, and only what they
 * store is charged.
 */
export async function cancelBatch(deps: Pick<AiDeps, 'prisma' | 'queue'>, batchId: string): Promise<TranslationBatch> {
  const { prisma } = deps;
  await prisma.$transaction(async (tx) => {
    const status = await lockBatch(tx, batchId);
    if (status !== 'queued' && status !== 'running') return;
    const cancelled = await deps.queue.cancelWaiting(aiTranslateJob, { batchId }, { transaction: tx });
    // Asks left running by an attempt that died belong to a job waiting for its retry, cancelled just now.
    await tx.$executeRaw`
      DELETE FROM translation_asks a USING translatable_keys k
      WHERE k.id = a.translatable_key_id AND a.batch_id = ${batchId}::uuid
        AND (a.status = 'pending' OR (a.status = 'running' AND k.story_id = ANY(${cancelled.map((job) => job.storyId)}::int[])))`;
    await tx.translationBatch.update({
      where: { id: batchId },
      data: { status: 'cancelled', finishedAt: new Date() },
      select: { id: true },
    });
  });
  const batch = await getBatch(prisma, batchId);
  // The run's end is told to the space's hooks now (a job sends it; the answer does not wait).
  const run = await prisma.translationBatch.findUnique({ where: { id: batchId }, select: { spaceId: true } });
  if (run) await sendDueHookEvents(deps, run.spaceId);
  return batch;
}
