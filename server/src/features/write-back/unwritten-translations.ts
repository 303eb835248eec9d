import type { Database } from '../../db/prisma.ts';
import { contentHash } from '../../storyblok-content/content-hash.ts';
import { fromStorable } from '../../storyblok-content/storable-text.ts';

/**
 * The story's translations the space's write-back mode sends (every saved one, or only verified ones), in one
 * language or all, each with the hash of its value as Storyblok holds it: equal to `writtenHash`, it went.
 */
export async function translationsToWrite(
  prisma: Database,
  storyId: number,
  verifiedOnly: boolean,
  spaceLocaleId?: number,
) {
  const rows = await prisma.translation.findMany({
    where: { translatableKey: { storyId }, ...(spaceLocaleId === undefined ? {} : { spaceLocaleId }) },
    select: {
      id: true,
      value: true,
      writtenHash: true,
      referenceHash: true,
      spaceLocaleId: true,
      spaceLocale: { select: { code: true } },
      translatableKey: { select: { key: true, field: true, fieldType: true, hash: true } },
    },
  });
  // Values go to Storyblok as it holds text (a stored "␀" is a NUL there), and are hashed as such, like the sync does.
  return rows
    .filter((row) => !verifiedOnly || row.referenceHash === row.translatableKey.hash)
    .map((row) => {
      const value = fromStorable(row.value);
      return { ...row, value, valueHash: contentHash(value) };
    });
}

export type TranslationToWrite = Awaited<ReturnType<typeof translationsToWrite>>[number];

export const isUnwritten = (row: Pick<TranslationToWrite, 'writtenHash' | 'valueHash'>) =>
  row.writtenHash !== row.valueHash;

/** The languages with translations of the story that Storyblok does not hold yet. */
export async function unwrittenLocaleIds(prisma: Database, storyId: number): Promise<Set<number>> {
  const node = await prisma.storyNode.findUnique({
    where: { id: storyId },
    select: { space: { select: { writeBackMode: true } } },
  });
  if (!node) return new Set();
  const rows = await translationsToWrite(prisma, storyId, node.space.writeBackMode === 'verified_only');
  return new Set(rows.filter(isUnwritten).map((row) => row.spaceLocaleId));
}
