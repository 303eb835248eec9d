import { z } from 'zod';
import type { Database, DatabaseTransaction } from '../../db/prisma.ts';
import type { JobRef } from '../../jobs/define-job.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';

export const hookDeliveryJob = {
  name: 'space-hook.deliver',
  payload: z.object({ deliveryId: z.uuid(), spaceId: z.number().int().positive() }),
} satisfies JobRef;

/**
 * How long a queued delivery is held from the sweep: longer than an attempt can take (its timeout, and the job's
 * expiry), so a delivery is queued again only when its job was lost.
 */
const CLAIM_SECONDS = 120;

/**
 * Queues the jobs that send the deliveries now due (new events, retries come due): of one space (after a change
 * that may have made events), or of every space (the sweep each minute). Each is claimed as it is queued, so the
 * next look does not queue it twice; costs one indexed statement when nothing is due.
 */
export async function queueDueDeliveries(
  prisma: Database | DatabaseTransaction,
  sendJobs: SendDeliveryJobs,
  spaceId?: number,
): Promise<number> {
  const space = spaceId ?? null;
  const claimed = await prisma.$queryRaw<Array<{ id: string; space_id: number }>>`
    UPDATE hook_deliveries SET next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS})
    WHERE id IN (
      SELECT id FROM hook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= now() AND (${space}::int IS NULL OR space_id = ${space}::int)
      ORDER BY next_attempt_at
      LIMIT 500
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id::text, space_id`;
  if (claimed.length > 0) await sendJobs(claimed.map((row) => ({ deliveryId: row.id, spaceId: row.space_id })));
  return claimed.length;
}

export type DeliveryJobPayload = z.input<typeof hookDeliveryJob.payload>;
export type SendDeliveryJobs = (payloads: DeliveryJobPayload[]) => Promise<void>;

/** Sends the delivery jobs through the queue (or the job running: its `send`). */
export const throughQueue =
  (queue: Pick<JobQueue, 'send'>): SendDeliveryJobs =>
  async (payloads) => {
    for (const payload of payloads) await queue.send(hookDeliveryJob, payload);
  };

/**
 * After a change that may have made events (a save, a verification, a run's end): queues the space's new
 * deliveries at once instead of at the next sweep. Never posts anything itself: the request goes on.
 */
export async function sendDueHookEvents(
  deps: { prisma: Database; queue: Pick<JobQueue, 'send'> },
  spaceId: number,
): Promise<void> {
  await queueDueDeliveries(deps.prisma, throughQueue(deps.queue), spaceId);
}
