import type { DatabaseTransaction } from '../../db/prisma.ts';
import type { BatchStatus } from '../../generated/prisma/enums.ts';

/**
 * Locks a run's row for the rest of the transaction; null when the run is gone. Whatever changes a run's asks
 * takes this lock first, so each change sees the ones before it: the progress adds up, and the change that
 * ends the last ask is the one that sees the run complete.
 */
export async function lockBatch(tx: DatabaseTransaction, batchId: string): Promise<BatchStatus | null> {
  const [row] = await tx.$queryRaw<Array<{ status: BatchStatus }>>`
    SELECT status FROM translation_batches WHERE id = ${batchId}::uuid FOR UPDATE`;
  return row?.status ?? null;
}

/**
 * Adds to a run's progress, in the transaction that stored or failed those asks (after `lockBatch`). A run
 * still going whose asks are all gone, whatever ended them, is complete. `words` are the source words of the
 * keys just translated.
 */
export async function addProgress(tx: DatabaseTransaction, batchId: string, done: number, failed: number, words = 0) {
  await tx.$executeRaw`
    WITH open AS (
      SELECT EXISTS (SELECT 1 FROM translation_asks WHERE batch_id = ${batchId}::uuid AND status IN ('pending', 'running')) AS any
    )
    UPDATE translation_batches b SET
      done = b.done + ${done},
      failed = b.failed + ${failed},
      words_done = b.words_done + ${words},
      status = CASE WHEN b.status IN ('queued', 'running') AND NOT open.any THEN 'completed'::"BatchStatus" ELSE b.status END,
      finished_at = CASE WHEN b.finished_at IS NULL AND NOT open.any THEN now() ELSE b.finished_at END
    FROM open
    WHERE b.id = ${batchId}::uuid`;
}
