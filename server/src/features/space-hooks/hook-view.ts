import type { HookDelivery, SpaceHook } from '#contract/space-hooks.ts';
import type { HookEventType } from '#contract/hook-rules.ts';
import type { SecretBox } from '../../crypto/secret-box.ts';
import { openHookSecret } from './hook-signature.ts';

export const hookSelect = {
  id: true,
  spaceId: true,
  url: true,
  secretEncrypted: true,
  events: true,
  active: true,
  createdAt: true,
  deliveries: {
    select: { status: true, lastStatusCode: true, attempts: true, createdAt: true },
    orderBy: { createdAt: 'desc' },
    take: 1,
  },
} as const;

interface HookRow {
  id: number;
  spaceId: number;
  url: string;
  secretEncrypted: string;
  events: string[];
  active: boolean;
  createdAt: Date;
  deliveries: Array<{
    status: HookDelivery['status'];
    lastStatusCode: number | null;
    attempts: number;
    createdAt: Date;
  }>;
}

export function hookView(box: SecretBox, row: HookRow): SpaceHook {
  const last = row.deliveries[0];
  return {
    id: row.id,
    url: row.url,
    events: row.events as HookEventType[],
    active: row.active,
    secret: openHookSecret(box, row.spaceId, row.secretEncrypted),
    created_at: row.createdAt.toISOString(),
    last_delivery: last
      ? {
          status: last.status,
          status_code: last.lastStatusCode,
          attempts: last.attempts,
          at: last.createdAt.toISOString(),
        }
      : null,
  };
}

export const deliverySelect = {
  id: true,
  event: true,
  status: true,
  attempts: true,
  lastStatusCode: true,
  lastError: true,
  createdAt: true,
  deliveredAt: true,
  nextAttemptAt: true,
} as const;

export function deliveryView(row: {
  id: string;
  event: string;
  status: HookDelivery['status'];
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  nextAttemptAt: Date;
}): HookDelivery {
  return {
    id: row.id,
    event: row.event as HookDelivery['event'],
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    // A retry's time; a new delivery, queued to go now, has none to show.
    next_attempt_at: row.status === 'pending' && row.attempts > 0 ? row.nextAttemptAt.toISOString() : null,
  };
}
