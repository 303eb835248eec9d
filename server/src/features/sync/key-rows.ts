import type { Database } from '../../db/prisma.ts';
import type { ExtractedKey } from '../../storyblok-content/extract-keys.ts';
import { memoryBands } from '../../storyblok-content/memory-sketch.ts';
import { toStorable, toStorableText } from '../../storyblok-content/storable-text.ts';

/** A key as a row of the statements below (one JSON parameter per batch: cheap to build, whatever the batch). */
function keyRow(key: ExtractedKey) {
  const valueText = toStorableText(key.valueText);
  return {
    key: key.key,
    hash: key.hash,
    field_type: key.fieldType,
    component: key.component,
    field: key.field,
    value: toStorable(key.value),
    value_text: valueText,
    word_count: key.wordCount,
    position: key.position,
    memory_bands: memoryBands(valueText),
    detail: key.detail,
  };
}

/**
 * New keys, in one statement per batch, answering the ids they got. A story synced twice at once (a webhook during
 * a full sync) may have made some already: those are left as they are, and not answered.
 */
export async function insertKeys(
  prisma: Database,
  spaceId: number,
  storyId: number,
  batch: ExtractedKey[],
): Promise<Array<{ id: number; key: string }>> {
  return prisma.$queryRaw<Array<{ id: number; key: string }>>`
    INSERT INTO translatable_keys
      (space_id, story_id, key, hash, field_type, component, field, value, value_text, word_count, position,
       memory_bands, detail, updated_at)
    SELECT ${spaceId}, ${storyId}, v.key, v.hash, v.field_type, v.component, v.field, v.value, v.value_text,
      v.word_count, v.position, v.memory_bands, v.detail, now()
    FROM jsonb_to_recordset(${JSON.stringify(batch.map(keyRow))}::jsonb) AS v(
      key text, hash text, field_type text, component text, field text, value jsonb, value_text text,
      word_count int, position int, memory_bands int[], detail jsonb)
    ON CONFLICT (story_id, key) DO NOTHING
    RETURNING id, key`;
}

/** Changed keys, in one statement per batch: the new source, its hash, kind, place in the story and detail. */
export async function updateKeys(prisma: Database, batch: Array<{ id: number; key: ExtractedKey }>): Promise<void> {
  const rows = batch.map(({ id, key }) => ({ id, ...keyRow(key) }));
  await prisma.$executeRaw`
    UPDATE translatable_keys k SET
      hash = v.hash, field_type = v.field_type, component = v.component, field = v.field, value = v.value,
      value_text = v.value_text, word_count = v.word_count, position = v.position, memory_bands = v.memory_bands,
      detail = v.detail, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
      id int, hash text, field_type text, component text, field text, value jsonb, value_text text,
      word_count int, position int, memory_bands int[], detail jsonb)
    WHERE k.id = v.id`;
}
