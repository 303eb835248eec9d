import type { Database } from '../../db/prisma.ts';
import { contentHash } from '../../storyblok-content/content-hash.ts';
import type { ExtractedKey } from '../../storyblok-content/extract-keys.ts';
import { fromStorable, toStorable, toStorableText } from '../../storyblok-content/storable-text.ts';
import { breathe, chunks } from './batches.ts';

interface Incoming {
  translatableKeyId: number;
  spaceLocaleId: number;
  value: unknown;
  valueText: string;
  hash: string;
}

/**
 * The translations Storyblok holds for a story's keys (`<field>__i18n__<code>`), into Polyblok, in batches:
 * new ones come in unverified; one Storyblok holds differently from what Polyblok wrote there was changed by an
 * editor in Storyblok, and replaces Polyblok's (unverified); what Polyblok itself wrote changes nothing.
 * Answers how many translations came in or changed.
 */
export async function importTranslations(
  prisma: Database,
  storyId: number,
  keys: ExtractedKey[],
  idByKey: Map<string, number>,
  localeId: Map<string, number>,
): Promise<number> {
  const incoming: Incoming[] = keys.flatMap((key) =>
    Object.entries(key.translations).flatMap(([code, translated]) => {
      const spaceLocaleId = localeId.get(code);
      const translatableKeyId = idByKey.get(key.key);
      if (spaceLocaleId === undefined || translatableKeyId === undefined) return [];
      return [
        {
          translatableKeyId,
          spaceLocaleId,
          value: toStorable(translated.value),
          valueText: toStorableText(translated.valueText),
          hash: contentHash(translated.value),
        },
      ];
    }),
  );
  if (incoming.length === 0) return 0;
  const stored = await prisma.translation.findMany({
    where: { translatableKey: { storyId } },
    select: { id: true, translatableKeyId: true, spaceLocaleId: true, value: true, writtenHash: true },
  });
  const storedBy = new Map(stored.map((row) => [`${row.translatableKeyId}:${row.spaceLocaleId}`, row]));
  const created: Incoming[] = [];
  const replaced: Array<{ id: number; value: unknown; value_text: string; written_hash: string }> = [];
  const acknowledged: Array<{ id: number; written_hash: string }> = [];
  for (const item of incoming) {
    const row = storedBy.get(`${item.translatableKeyId}:${item.spaceLocaleId}`);
    if (!row) created.push(item);
    else if (row.writtenHash !== item.hash) {
      // Storyblok holds something Polyblok did not write there: an editor changed the translation in Storyblok.
      if (contentHash(fromStorable(row.value)) === item.hash)
        acknowledged.push({ id: row.id, written_hash: item.hash });
      else replaced.push({ id: row.id, value: item.value, value_text: item.valueText, written_hash: item.hash });
    }
  }
  // One JSON parameter per batch of rows: cheap to build, whatever the size of the batch.
  for (const batch of chunks(created)) {
    const rows = batch.map((item) => ({
      key_id: item.translatableKeyId,
      locale_id: item.spaceLocaleId,
      value: item.value,
      value_text: item.valueText,
      written_hash: item.hash,
    }));
    await prisma.$executeRaw`
      INSERT INTO translations (translatable_key_id, space_locale_id, value, value_text, origin, written_hash, updated_at)
      SELECT v.key_id, v.locale_id, v.value, v.value_text, 'import', v.written_hash, now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(key_id int, locale_id int, value jsonb, value_text text, written_hash text)
      ON CONFLICT (translatable_key_id, space_locale_id) DO NOTHING`;
    await breathe();
  }
  for (const batch of chunks(replaced)) {
    await prisma.$executeRaw`
      UPDATE translations t SET value = v.value, value_text = v.value_text, origin = 'import',
        reference_hash = NULL, written_hash = v.written_hash, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(id int, value jsonb, value_text text, written_hash text)
      WHERE t.id = v.id`;
    await breathe();
  }
  for (const batch of chunks(acknowledged)) {
    await prisma.$executeRaw`
      UPDATE translations t SET written_hash = v.written_hash
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(id int, written_hash text)
      WHERE t.id = v.id`;
    await breathe();
  }
  return created.length + replaced.length;
}
