import type { WriteBackState } from '#contract/write-back.ts';
import type { Database } from '../../db/prisma.ts';
import { anyUnwritten, unwrittenLocaleIds } from './unwritten-translations.ts';

/** Said of a failure recorded without a reason (none is, but the column allows it). */
export const UNKNOWN_FAILURE = 'Storyblok refused the change.';

export async function markWriteBack(
  prisma: Database,
  storyId: number,
  data: { status: 'done' | 'pending'; lastError: string | null; lastWrittenAt?: Date },
) {
  // A write that went, or found nothing to write, ends any failure before it.
  const update = data.status === 'done' ? { ...data, failedAt: null } : data;
  await prisma.storyWriteBack.upsert({
    where: { storyId },
    create: { storyId, ...update },
    update,
    select: { storyId: true },
  });
  if (data.status === 'done') {
    await prisma.storyLocaleWriteBack.updateMany({
      where: { storyId, failedAt: { not: null } },
      data: { failedAt: null },
    });
  }
}

/** The write of these languages' translations went: none of them waits any more. */
export async function recordLocalesWritten(prisma: Database, storyId: number, spaceLocaleIds: Iterable<number>) {
  const writtenAt = new Date();
  for (const spaceLocaleId of new Set(spaceLocaleIds)) {
    await prisma.storyLocaleWriteBack.upsert({
      where: { storyId_spaceLocaleId: { storyId, spaceLocaleId } },
      create: { storyId, spaceLocaleId, writtenAt },
      update: { writtenAt, failedAt: null },
      select: { storyId: true },
    });
  }
}

/**
 * An attempt to write the story failed: the story shows it with the reason, and so does each language whose
 * translations were waiting to go (the others were written, or had nothing to write). `pending` while the job
 * tries again by itself, `failed` once it gave up.
 */
export async function recordWriteFailure(
  prisma: Database,
  storyId: number,
  failure: { status: 'pending' | 'failed'; reason: string; waiting?: ReadonlySet<number> },
) {
  const failedAt = new Date();
  const data = { status: failure.status, lastError: failure.reason, failedAt };
  await prisma.storyWriteBack.upsert({
    where: { storyId },
    create: { storyId, ...data },
    update: data,
    select: { storyId: true },
  });
  const waiting = failure.waiting ?? (await unwrittenLocaleIds(prisma, storyId));
  await prisma.storyLocaleWriteBack.updateMany({
    where: { storyId, spaceLocaleId: { notIn: [...waiting] }, failedAt: { not: null } },
    data: { failedAt: null },
  });
  for (const spaceLocaleId of waiting) {
    await prisma.storyLocaleWriteBack.upsert({
      where: { storyId_spaceLocaleId: { storyId, spaceLocaleId } },
      create: { storyId, spaceLocaleId, failedAt },
      update: { failedAt },
      select: { storyId: true },
    });
  }
}

/**
 * Where writing the story's translations in one language stands. Failed while the story's last attempt failed
 * and the language was among those that did not go; pending while any of its translations waits (between a save
 * and the write, or skipped until the next sync); written once the last of them went; null when nothing was ever
 * written or waits.
 */
export async function writeBackStateOf(
  prisma: Database,
  storyId: number,
  spaceLocaleId: number,
): Promise<WriteBackState | null> {
  // The story's write-back and the language's, in one statement: the story view reads this on every refresh.
  const [[marks], unwritten] = await Promise.all([
    prisma.$queryRaw<
      Array<{
        failed_at: Date | null;
        last_error: string | null;
        written_at: Date | null;
        locale_failed_at: Date | null;
      }>
    >`
      SELECT w.failed_at, w.last_error, l.written_at, l.failed_at AS locale_failed_at
      FROM (SELECT 1) AS one
      LEFT JOIN story_write_backs w ON w.story_id = ${storyId}
      LEFT JOIN story_locale_write_backs l ON l.story_id = ${storyId} AND l.space_locale_id = ${spaceLocaleId}`,
    anyUnwritten(prisma, storyId, spaceLocaleId),
  ]);
  if (marks?.failed_at && marks.locale_failed_at) {
    return { state: 'failed', error: marks.last_error ?? UNKNOWN_FAILURE, at: marks.locale_failed_at.toISOString() };
  }
  if (unwritten) return { state: 'pending', error: marks?.last_error ?? null, at: null };
  if (marks?.written_at) return { state: 'written', error: null, at: marks.written_at.toISOString() };
  return null;
}

/** Of these stories, those whose translations in the language failed to go, with why (the story list's mark). */
export async function failedWriteBacks(
  prisma: Database,
  storyIds: number[],
  spaceLocaleId: number,
): Promise<Map<number, string>> {
  if (storyIds.length === 0) return new Map();
  const rows = await prisma.storyWriteBack.findMany({
    where: {
      storyId: { in: storyIds },
      failedAt: { not: null },
      story: { writeBacks: { some: { spaceLocaleId, failedAt: { not: null } } } },
    },
    select: { storyId: true, lastError: true },
  });
  return new Map(rows.map((row) => [row.storyId, row.lastError ?? UNKNOWN_FAILURE]));
}
