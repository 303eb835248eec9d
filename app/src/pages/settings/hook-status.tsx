import { Badge } from '@mantine/core';
import type { HookDelivery } from '#contract/space-hooks.ts';

/** How a delivery stands, in words: a pending one that failed before is being retried. */
export function DeliveryStatusBadge({ status, attempts }: { status: HookDelivery['status']; attempts: number }) {
  if (status === 'delivered')
    return (
      <Badge color="green" variant="light">
        Delivered
      </Badge>
    );
  if (status === 'failed')
    return (
      <Badge color="red" variant="light">
        Failed
      </Badge>
    );
  return (
    <Badge color="yellow" variant="light">
      {attempts > 0 ? 'Retrying' : 'Sending'}
    </Badge>
  );
}
