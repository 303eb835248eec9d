import { Alert, Skeleton, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '#kit/api/api-context.tsx';
import { RecordTable } from '#kit/components/record-table.tsx';
import { errorMessage } from '#kit/components/notify.ts';
import { hookDeliveriesQueryOptions } from '#kit/data/space-hooks.queries.ts';
import { formatDateTime } from '#kit/format/format.ts';
import { DeliveryStatusBadge } from './hook-status.tsx';

const columns = [
  { header: 'Event' },
  { header: 'Time', width: 180 },
  { header: 'Status', width: 220 },
  { header: 'Code', width: 70 },
  { header: 'Attempts', width: 90 },
] as const;

/** A hook's recent deliveries, newest first, with why the last attempt failed on the status. */
export function HookDeliveries({ spaceId, hookId }: { spaceId: number; hookId: number }) {
  const api = useApi();
  const deliveries = useQuery(hookDeliveriesQueryOptions(api, spaceId, hookId));
  if (deliveries.isError) {
    return (
      <Alert color="red" variant="light" title="The deliveries could not be loaded">
        {errorMessage(deliveries.error, 'Please reload the page.')}
      </Alert>
    );
  }
  if (!deliveries.data) return <Skeleton h={80} />;
  if (deliveries.data.deliveries.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        No events were sent to this address yet. Send a test event to check it.
      </Text>
    );
  }
  return (
    <RecordTable
      label="Recent deliveries"
      minWidth={560}
      columns={columns}
      rows={deliveries.data.deliveries}
      rowKey={(delivery) => delivery.id}
      cells={(delivery) => (
        <>
          <Table.Td>
            <Text fz="sm" ff="monospace">
              {delivery.event}
            </Text>
          </Table.Td>
          <Table.Td fz="sm">{formatDateTime(delivery.created_at)}</Table.Td>
          <Table.Td>
            <DeliveryStatusBadge status={delivery.status} attempts={delivery.attempts} />
            {delivery.last_error && delivery.status !== 'delivered' && (
              <Text fz="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
                {delivery.last_error}
                {delivery.next_attempt_at && ` Next try ${formatDateTime(delivery.next_attempt_at)}.`}
              </Text>
            )}
          </Table.Td>
          <Table.Td fz="sm">{delivery.last_status_code ?? '—'}</Table.Td>
          <Table.Td fz="sm">{delivery.attempts}</Table.Td>
        </>
      )}
    />
  );
}
