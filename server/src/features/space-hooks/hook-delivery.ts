import { HOOK_DELIVERIES_KEPT } from '#contract/hook-rules.ts';
import { SecretBoxError } from '../../crypto/secret-box.ts';
import type { HookDeps } from './hook-deps.ts';
import { postHook } from './hook-post.ts';
import { nextAttemptAt } from './hook-retry.ts';
import { openHookSecret, signedHeaders } from './hook-signature.ts';

/** The JSON a receiver gets: the envelope is the same for every event, `data` is the event's own. */
export function eventBody(delivery: {
  id: string;
  event: string;
  createdAt: Date;
  payload: unknown;
  space: { id: number; name: string };
}): string {
  return JSON.stringify({
    id: delivery.id,
    type: delivery.event,
    created_at: delivery.createdAt.toISOString(),
    space: delivery.space,
    data: delivery.payload,
  });
}

/**
 * One attempt at a delivery: signed, posted, and the outcome recorded (delivered; pending with the next try's time;
 * or failed once the day of retries is over). Idempotent: a delivery that is no longer pending is left alone.
 */
export async function attemptDelivery(deps: Omit<HookDeps, 'queue'>, deliveryId: string): Promise<void> {
  const { prisma } = deps;
  const delivery = await prisma.hookDelivery.findUnique({
    where: { id: deliveryId },
    select: {
      id: true,
      event: true,
      payload: true,
      status: true,
      attempts: true,
      createdAt: true,
      hookId: true,
      hook: {
        select: { url: true, secretEncrypted: true, active: true, space: { select: { id: true, name: true } } },
      },
    },
  });
  if (!delivery || delivery.status !== 'pending') return;
  const { hook } = delivery;
  if (!hook.active && delivery.event !== 'ping') {
    await finish(deps, delivery.id, delivery.hookId, {
      status: 'failed',
      lastError: 'The hook was turned off before the event could be sent.',
    });
    return;
  }
  let secret: string;
  try {
    secret = openHookSecret(deps.secretBox, hook.space.id, hook.secretEncrypted);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    await finish(deps, delivery.id, delivery.hookId, {
      status: 'failed',
      lastError: 'The hook’s secret cannot be read with this server’s keys; delete the hook and add it again.',
    });
    return;
  }
  const body = eventBody({ ...delivery, space: hook.space });
  const now = new Date();
  const outcome = await postHook(hook.url, body, signedHeaders(body, secret, delivery.id, now), deps.hookTargets);
  const attempts = delivery.attempts + 1;
  if (outcome.delivered) {
    await finish(deps, delivery.id, delivery.hookId, {
      status: 'delivered',
      attempts,
      lastStatusCode: outcome.statusCode,
      lastError: null,
      deliveredAt: new Date(),
    });
    return;
  }
  const next = nextAttemptAt(delivery.createdAt, attempts, now);
  await finish(deps, delivery.id, delivery.hookId, {
    status: next ? 'pending' : 'failed',
    attempts,
    lastStatusCode: outcome.statusCode,
    lastError: outcome.error,
    ...(next ? { nextAttemptAt: next } : {}),
  });
}

async function finish(
  deps: Pick<HookDeps, 'prisma'>,
  deliveryId: string,
  hookId: number,
  data: {
    status: 'pending' | 'delivered' | 'failed';
    attempts?: number;
    lastStatusCode?: number | null;
    lastError: string | null;
    deliveredAt?: Date;
    nextAttemptAt?: Date;
  },
): Promise<void> {
  await deps.prisma.hookDelivery.update({ where: { id: deliveryId }, data, select: { id: true } });
  if (data.status !== 'pending') await pruneDeliveries(deps, hookId);
}

/** Keeps a hook's newest deliveries (those the settings list); older ones that are over are removed. */
async function pruneDeliveries(deps: Pick<HookDeps, 'prisma'>, hookId: number): Promise<void> {
  await deps.prisma.$executeRaw`
    DELETE FROM hook_deliveries
    WHERE hook_id = ${hookId} AND status <> 'pending'
      AND id NOT IN (
        SELECT id FROM hook_deliveries WHERE hook_id = ${hookId} ORDER BY created_at DESC LIMIT ${HOOK_DELIVERIES_KEPT}
      )`;
}
