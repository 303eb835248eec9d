import type { TranslationBatch } from '#contract/content-writes.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { localeInSpace } from '../content/index.ts';
import { requireTranslator, type AiDeps } from './ai-deps.ts';
import { refundWords } from './ai-quota.ts';
import { askForKeys } from './asks.service.ts';

const batchSelect = {
  id: true,
  scope: true,
  status: true,
  total: true,
  done: true,
  failed: true,
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

export async function getBatch(prisma: Database, batchId: string): Promise<TranslationBatch> {
  return toBatch(await prisma.translationBatch.findUniqueOrThrow({ where: { id: batchId }, select: batchSelect }));
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
  const { prisma } = deps;
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
  const { batchId } = await askForKeys(
    deps,
    spaceId,
    userId,
    locale.id,
    keys.map((key) => key.id),
    { scope: 'folder', storyNodeId: input.folder_id ?? null },
  );
  return getBatch(prisma, batchId);
}

/** Stops a run: keys not yet being translated are no longer asked, and their words are given back. */
export async function cancelBatch(deps: Pick<AiDeps, 'prisma'>, batchId: string): Promise<TranslationBatch> {
  const { prisma } = deps;
  const batch = await prisma.translationBatch.findUniqueOrThrow({
    where: { id: batchId },
    select: { spaceId: true, status: true },
  });
  if (batch.status === 'completed' || batch.status === 'failed' || batch.status === 'cancelled')
    return getBatch(prisma, batchId);
  const waiting = await prisma.translationAsk.findMany({
    where: { batchId, status: 'pending' },
    select: { id: true, translatableKey: { select: { wordCount: true } } },
  });
  await prisma.$transaction([
    prisma.translationAsk.deleteMany({ where: { id: { in: waiting.map((ask) => ask.id) } } }),
    prisma.translationBatch.update({
      where: { id: batchId },
      data: { status: 'cancelled', finishedAt: new Date() },
      select: { id: true },
    }),
  ]);
  await refundWords(
    prisma,
    batch.spaceId,
    waiting.reduce((sum, ask) => sum + ask.translatableKey.wordCount, 0),
  );
  return getBatch(prisma, batchId);
}
