import { defineJob, defineMinuteSweep } from '../../jobs/define-job.ts';
import type { HookDeps } from './hook-deps.ts';
import { attemptDelivery } from './hook-delivery.ts';
import { HOOK_TIMEOUT_MS } from './hook-post.ts';
import { hookDeliveryJob, queueDueDeliveries, throughQueue } from './hook-queue.ts';

/**
 * Sends one delivery of a hook. Its own retries are the delivery's (next_attempt_at, up to a day, as the settings
 * list shows them); the job's retries only cover a crash of the attempt itself. One space's slow receivers take at
 * most two workers, so other spaces' events still go.
 */
export function createHookDeliveryJob(deps: Omit<HookDeps, 'queue'>) {
  return defineJob({
    ...hookDeliveryJob,
    retry: { limit: 2, delaySeconds: 30, maxDelaySeconds: 60 },
    expireInSeconds: Math.ceil(HOOK_TIMEOUT_MS / 1000) + 50,
    heartbeatSeconds: null,
    concurrency: 4,
    group: { of: ({ spaceId }) => `space-${spaceId}`, concurrency: 2 },
    target: ({ spaceId }) => ({ spaceId }),
    handler: ({ deliveryId }) => attemptDelivery(deps, deliveryId),
    onGiveUp: null,
  });
}

/**
 * Each minute: queues the deliveries come due (retries), and any event whose change did not queue it at once (a
 * sync's imports, a write-back giving up). Rows in the database, so a restart loses nothing.
 */
export function createHookSweepJob(deps: Pick<HookDeps, 'prisma'>) {
  return defineMinuteSweep('space-hook.sweep', (send) => queueDueDeliveries(deps.prisma, throughQueue({ send })));
}
