import { z } from 'zod';
import type { Database } from '../../db/prisma.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { memoryBands } from '../../storyblok-content/memory-sketch.ts';
import { breathe, IMPORT_BATCH } from './batches.ts';

/**
 * Sketches the keys that have no translation memory bands yet: those imported before the memory existed (a sync
 * writes every new or changed key's bands itself), and puts their verified translations in the memory. Batch by
 * batch, giving way between them; a key a sync changed meanwhile keeps the bands the sync gave it. Answers how
 * many keys were sketched.
 */
export async function sketchWaitingKeys(prisma: Database, signal?: AbortSignal): Promise<number> {
  let sketched = 0;
  while (!signal?.aborted) {
    const keys = await prisma.$queryRaw<Array<{ id: number; value_text: string }>>`
      SELECT id, value_text FROM translatable_keys WHERE memory_bands = '{}' ORDER BY id LIMIT ${IMPORT_BATCH}`;
    if (keys.length === 0) break;
    const rows = keys.map((key) => ({ id: key.id, bands: memoryBands(key.value_text) }));
    // Their verified translations join the memory in the same statement.
    await prisma.$executeRaw`
      WITH sketched AS (
        UPDATE translatable_keys k SET memory_bands = v.bands
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id int, bands int[])
        WHERE k.id = v.id AND k.memory_bands = '{}'
        RETURNING k.id, k.hash, k.memory_bands
      )
      UPDATE translations t SET memory_bands = memory_salted(s.memory_bands, t.space_locale_id)
      FROM sketched s WHERE t.translatable_key_id = s.id AND t.reference_hash = s.hash`;
    sketched += keys.length;
    await breathe();
  }
  return sketched;
}

/** Every ten minutes, the keys still without bands (after an upgrade: all of them, once). */
export function createMemorySketchJob(deps: { prisma: Database }) {
  return defineJob({
    name: 'keys.memory-sketch',
    payload: z.object({}),
    schedule: '*/10 * * * *',
    retry: { limit: 2, delaySeconds: 60, maxDelaySeconds: 600 },
    expireInSeconds: 30 * 60,
    heartbeatSeconds: 30,
    policy: 'singleton',
    handler: async (_payload, context) => {
      const sketched = await sketchWaitingKeys(deps.prisma, context.signal);
      if (sketched > 0) context.logger.info({ sketched }, 'translation memory: keys sketched');
    },
  });
}
