import { formatQuantity } from '#contract/quantity.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { SpaceStoryblok, StoryblokAccess, StoryblokStory } from '../../storyblok-access/index.ts';
import { canonicalJson, contentHash } from '../../storyblok-content/content-hash.ts';
import { storyHash } from '../../storyblok-content/translated-slugs.ts';
import { writeDatasourceEntries } from './datasource-writes.ts';
import { mergeTranslations, type MergeResult, type PendingTranslation } from './merge-translations.ts';
import { isSlugTranslation, slugWrites } from './slug-writes.ts';
import { isUnwritten, translationsToWrite, type TranslationToWrite } from './unwritten-translations.ts';
import { markWriteBack, recordLocalesWritten, recordWriteFailure } from './write-back-state.ts';

export interface WriteBackDeps {
  prisma: Database;
  storyblok: StoryblokAccess;
}

/**
 * Writes a story's translations into Storyblok as field-level translations (a datasource's, as its entries' values
 * in each language's dimension: datasource-writes.ts). The story is read fresh, only
 * `__i18n__` keys change, and it is read once more just before the write: an editor's save in between is
 * merged again, never overwritten. Nothing is sent when Storyblok already holds every translation. A failure
 * leaves the story pending with the reason and the time, for the job's next attempt.
 */
export async function writeBackStory(deps: WriteBackDeps, storyId: number): Promise<void> {
  const { prisma } = deps;
  const node = await prisma.storyNode.findUnique({
    where: { id: storyId },
    select: {
      spaceId: true,
      storyblokId: true,
      kind: true,
      dimensions: true,
      space: { select: { writeBackMode: true } },
    },
  });
  if (!node) return;
  const rows = await translationsToWrite(prisma, storyId, node.space.writeBackMode === 'verified_only');
  if (!rows.some(isUnwritten)) {
    await markWriteBack(prisma, storyId, { status: 'done', lastError: null });
    return;
  }
  await prisma.storyWriteBack.upsert({
    where: { storyId },
    create: { storyId, status: 'writing', attempts: 1 },
    update: { status: 'writing', attempts: { increment: 1 } },
    select: { storyId: true },
  });
  const pending: PendingTranslation[] = rows.map((row) => ({
    key: row.translatableKey.key,
    field: row.translatableKey.field,
    fieldType: row.translatableKey.fieldType,
    code: row.spaceLocale.code,
    sourceHash: row.translatableKey.hash,
    value: row.value,
  }));
  try {
    // The story may go (its space deleted, or a sync removing it) while Storyblok is read: then nothing is written.
    const storyKept = async () =>
      (await prisma.storyNode.findUnique({ where: { id: storyId }, select: { id: true } })) !== null;
    const storyblok = deps.storyblok.forSpace(node.spaceId);
    const result =
      node.kind === 'datasource'
        ? await writeDatasourceEntries(storyblok, node, rows, storyKept)
        : await writeMerged(storyblok, Number(node.storyblokId), pending, storyKept);
    if (!result) return;
    const written = new Set(result.written);
    const went = (row: TranslationToWrite) => written.has(`${row.translatableKey.key}|${row.spaceLocale.code}`);
    const wentNow = rows.filter((row) => went(row) && isUnwritten(row));
    // In SQL, not through Prisma's update: that would move the translation's updated_at, which says when a
    // person last changed it, and a translator's save started before this write would be refused as overtaken.
    for (const row of wentNow) {
      await prisma.$executeRaw`UPDATE translations SET written_hash = ${row.valueHash} WHERE id = ${row.id}`;
    }
    // A language counts as written once none of its translations waits any more.
    const stillWaiting = new Set(rows.filter((row) => isUnwritten(row) && !went(row)).map((row) => row.spaceLocaleId));
    const done = wentNow.map((row) => row.spaceLocaleId);
    await recordLocalesWritten(
      prisma,
      storyId,
      done.filter((id) => !stillWaiting.has(id)),
    );
    if (result.base && result.story) await recordOwnWrite(prisma, storyId, result.base, result.story);
    await markWriteBack(prisma, storyId, { status: 'done', lastError: skippedNote(result), lastWrittenAt: new Date() });
  } catch (error) {
    const waiting = new Set(rows.filter(isUnwritten).map((row) => row.spaceLocaleId));
    await recordWriteFailure(prisma, storyId, { status: 'pending', reason: writeBackFailure(error), waiting });
    throw error;
  }
}

/**
 * The write changed the story in Storyblok. When it was merged onto exactly the version Polyblok holds, the new
 * version is recorded so the next sync need not read it again. When an editor had changed the story in
 * Storyblok since Polyblok read it, nothing is recorded: the next sync sees the story changed and imports the
 * edit (a changed source shows its verified translations as outdated). The update is conditional, so a sync
 * that imported meanwhile is not overwritten either.
 */
async function recordOwnWrite(prisma: Database, storyId: number, base: StoryblokStory, written: StoryblokStory) {
  await prisma.storyNode.updateMany({
    where: { id: storyId, contentHash: storyHash(contentHash(base.content ?? null), base) },
    data: {
      storyblokUpdatedAt: written.updated_at ? new Date(written.updated_at) : undefined,
      contentHash: storyHash(contentHash(written.content ?? null), written),
    },
  });
}

/** Why some translations of the story did not go out, each with its true reason; null when all went. */
function skippedNote(result: { skipped: string[]; sourceChanged: string[] }): string | null {
  const gone = result.skipped.length - result.sourceChanged.length;
  const notes = [
    result.sourceChanged.length > 0
      ? `${formatQuantity(result.sourceChanged.length, 'translation waits', 'translations wait')} for the next sync: their source changed in Storyblok.`
      : null,
    gone > 0
      ? `${formatQuantity(gone, 'translation is', 'translations are')} for fields no longer in the story in Storyblok; the next sync removes them.`
      : null,
  ].filter((note) => note !== null);
  return notes.length > 0 ? notes.join(' ') : null;
}

/** Why writing a story failed, as Settings and the story show it. */
export function writeBackFailure(error: unknown): string {
  return error instanceof AppError ? error.message : 'Writing to Storyblok failed on an unexpected error.';
}

/** Null when the story left Polyblok before the write: Storyblok then gets nothing. */
async function writeMerged(
  storyblok: SpaceStoryblok,
  storyblokId: number,
  pending: PendingTranslation[],
  storyKept: () => Promise<boolean>,
): Promise<(MergeResult & { base: StoryblokStory; story: StoryblokStory | null }) | null> {
  let live = await readStory(storyblok, storyblokId);
  const fields = pending.filter((item) => !isSlugTranslation(item));
  const slugs = pending.filter(isSlugTranslation);
  for (let round = 0; round < 3; round += 1) {
    const merged = mergeWithSlugs(live, fields, slugs);
    if (canonicalJson(merged.content) === canonicalJson(live.content ?? {}) && merged.slugAttributes.length === 0) {
      return { ...merged, base: live, story: null };
    }
    // Storyblok has no conditional write: the closest guard is a second read right before the write.
    const recheck = await readStory(storyblok, storyblokId);
    if (recheck.updated_at !== live.updated_at) {
      live = recheck;
      continue;
    }
    if (!(await storyKept())) return null;
    const story = await storyblok.updateStoryContent(storyblokId, merged.content, merged.slugAttributes);
    return { ...merged, base: live, story };
  }
  throw new AppError(
    'storyblok_unavailable',
    'The story kept changing in Storyblok while writing; the write will be tried again.',
  );
}

/** The fields' translations merged into the content, and the slugs to set beside it, as one result. */
function mergeWithSlugs(live: StoryblokStory, fields: PendingTranslation[], slugs: PendingTranslation[]) {
  const merged = mergeTranslations(live.content ?? {}, fields);
  const slugged = slugWrites(live, slugs);
  const written = new Set(slugged.written);
  const notWritten = slugs.map((item) => `${item.key}|${item.code}`).filter((entry) => !written.has(entry));
  return {
    content: merged.content,
    slugAttributes: slugged.attributes,
    written: [...merged.written, ...slugged.written],
    skipped: [...merged.skipped, ...notWritten],
    sourceChanged: [...merged.sourceChanged, ...slugged.sourceChanged],
  };
}

/** A story deleted in Storyblok has nowhere to take its translations: the next sync removes it here too. */
async function readStory(storyblok: SpaceStoryblok, storyblokId: number): Promise<StoryblokStory> {
  const story = await storyblok.findStory(storyblokId);
  if (!story) {
    throw new AppError('not_found', 'The story is no longer in Storyblok; the next sync removes it from Polyblok.');
  }
  return story;
}
