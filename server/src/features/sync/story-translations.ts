import type { Database } from '../../db/prisma.ts';
import { declareChangeSql } from '../../db/translation-changes.ts';
import { contentHash } from '../../storyblok-content/content-hash.ts';
import type { ExtractedKey } from '../../storyblok-content/extract-keys.ts';
import { fromStorable, toStorable, toStorableText } from '../../storyblok-content/storable-text.ts';
import { runInSlices, type Steps } from '../../time-slices.ts';
import { breathe, chunks, READ_PAGE } from './batches.ts';

interface Incoming {
  translatableKeyId: number;
  spaceLocaleId: number;
  value: unknown;
  valueText: string;
  hash: string;
}

interface Stored {
  id: number;
  translatableKeyId: number;
  spaceLocaleId: number;
  value: unknown;
  writtenHash: string | null;
}

/**
 * The translations Storyblok holds for a story's keys (`<field>__i18n__<code>`), into Polyblok, in batches:
 * new ones come in unverified; one Storyblok holds differently from what Polyblok wrote there was changed by an
 * editor in Storyblok, and replaces Polyblok's (unverified); what Polyblok itself wrote changes nothing.
 * Answers how many translations came in or changed.
 */
export async function importTranslations(
  prisma: Database,
  keys: ExtractedKey[],
  idByKey: Map<string, number>,
  localeId: Map<string, number>,
): Promise<number> {
  const incoming = await runInSlices(incomingSteps(keys, idByKey, localeId));
  if (incoming.length === 0) return 0;
  const stored = await readStored(prisma, incoming);
  const { created, replaced, acknowledged } = await runInSlices(compareSteps(incoming, stored));
  // One JSON parameter per batch of rows: cheap to build, whatever the size of the batch.
  for (const batch of chunks(created)) {
    const rows = batch.map((item) => ({
      key_id: item.translatableKeyId,
      locale_id: item.spaceLocaleId,
      value: item.value,
      value_text: item.valueText,
      written_hash: item.hash,
    }));
    // A translation Polyblok did not hold yet enters its history as imported (declared in the statement itself:
    // a transaction around each batch would cost three more round trips).
    await prisma.$executeRaw`
      WITH declared AS (${declareChangeSql('import', null)})
      INSERT INTO translations (translatable_key_id, space_locale_id, value, value_text, origin, written_hash, updated_at)
      SELECT v.key_id, v.locale_id, v.value, v.value_text, 'import', v.written_hash, now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(key_id int, locale_id int, value jsonb, value_text text, written_hash text)
      CROSS JOIN declared
      ON CONFLICT (translatable_key_id, space_locale_id) DO NOTHING`;
    await breathe();
  }
  for (const batch of chunks(replaced)) {
    // One an editor changed in Storyblok enters its history as Storyblok's.
    await prisma.$executeRaw`
      WITH declared AS (${declareChangeSql('storyblok', null)})
      UPDATE translations t SET value = v.value, value_text = v.value_text, origin = 'import',
        reference_hash = NULL, written_hash = v.written_hash, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(id int, value jsonb, value_text text, written_hash text)
      CROSS JOIN declared
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

/**
 * What Polyblok holds of the translations coming in, read by their keys' ids in pages: the lookup of each key in
 * the translations' index costs the same in a space of a million translations as in an empty one.
 */
async function readStored(prisma: Database, incoming: Incoming[]): Promise<Stored[]> {
  const keyIds = [...new Set(incoming.map((item) => item.translatableKeyId))];
  const stored: Stored[] = [];
  for (const page of chunks(keyIds, READ_PAGE)) {
    stored.push(
      ...(await prisma.$queryRaw<Stored[]>`
        SELECT id, translatable_key_id AS "translatableKeyId", space_locale_id AS "spaceLocaleId", value,
               written_hash AS "writtenHash"
        FROM translations WHERE translatable_key_id = ANY(${page}::int[])`),
    );
    await breathe();
  }
  return stored;
}

/** The translations the story's content holds, as rows to compare, hashed as Storyblok holds them. */
function* incomingSteps(
  keys: ExtractedKey[],
  idByKey: Map<string, number>,
  localeId: Map<string, number>,
): Steps<Incoming[]> {
  const incoming: Incoming[] = [];
  for (const key of keys) {
    const translatableKeyId = idByKey.get(key.key);
    for (const [code, translated] of Object.entries(key.translations)) {
      const spaceLocaleId = localeId.get(code);
      if (spaceLocaleId === undefined || translatableKeyId === undefined) continue;
      incoming.push({
        translatableKeyId,
        spaceLocaleId,
        value: toStorable(translated.value),
        valueText: toStorableText(translated.valueText),
        hash: contentHash(translated.value),
      });
    }
    yield;
  }
  return incoming;
}

/** Sorts what Storyblok holds into new translations, ones an editor changed there, and ones Polyblok wrote. */
function* compareSteps(incoming: Incoming[], stored: Stored[]) {
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
    yield;
  }
  return { created, replaced, acknowledged };
}
