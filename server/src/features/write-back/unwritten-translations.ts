import type { Database } from '../../db/prisma.ts';
import { contentHash } from '../../storyblok-content/content-hash.ts';
import { fromStorable, STORED_FORM_MARKS as ESCAPES } from '../../storyblok-content/storable-text.ts';

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
      spaceLocale: { select: { code: true, datasourceDimension: true } },
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

/**
 * Whether any translation of the story in the language that the write-back mode sends differs from what
 * Storyblok holds. Read on every story view, so PostgreSQL hashes plain texts itself (the hash of a text is the
 * SHA-256 of its UTF-8) and answers only what it could not settle: translations never written, documents, and
 * texts holding stored-form escapes, which are hashed here as the write-back hashes them.
 */
export async function anyUnwritten(prisma: Database, storyId: number, spaceLocaleId: number): Promise<boolean> {
  const rows = await prisma.$queryRaw<Array<{ value: unknown; written_hash: string | null }>>`
    SELECT t.value, t.written_hash
    FROM translations t
    JOIN translatable_keys k ON k.id = t.translatable_key_id
    JOIN spaces s ON s.id = k.space_id
    WHERE k.story_id = ${storyId} AND t.space_locale_id = ${spaceLocaleId}
      AND (s.write_back_mode <> 'verified_only' OR t.reference_hash = k.hash)
      AND (t.written_hash IS NULL OR jsonb_typeof(t.value) <> 'string' OR strpos(t.value #>> '{}', ${ESCAPES[0]}) > 0
           OR strpos(t.value #>> '{}', ${ESCAPES[1]}) > 0
           OR t.written_hash <> left(encode(sha256(convert_to(t.value #>> '{}', 'UTF8')), 'hex'), 32))`;
  return rows.some((row) => row.written_hash !== contentHash(fromStorable(row.value)));
}

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
