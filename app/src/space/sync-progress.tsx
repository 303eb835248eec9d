import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { SyncStatus } from '#contract/space-connect.ts';
import { useTimeLeft } from '#kit/components/use-time-left.ts';
import { formatCount, formatQuantity } from '#kit/format/format.ts';

/**
 * Spec: 'Syncing stories' while a sync runs, with how far it got. Before the stories are counted (the sync
 * is queued or listing the space) the bar moves without a figure; once it moves, the time left at its pace.
 */
export function SyncProgress({ status }: { status: Pick<SyncStatus, 'done' | 'total' | 'sync_batch_id'> | undefined }) {
  const total = status?.total ?? 0;
  const done = Math.min(status?.done ?? 0, total);
  const counted = total > 0;
  const timeLeft = useTimeLeft(status?.sync_batch_id ?? null, done, total);
  return (
    <Stack gap={8}>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Loader size={16} />
          <Text fz="sm" fw={600}>
            Syncing stories
          </Text>
        </Group>
        <Text fz="sm" c="dimmed" data-testid="sync-count">
          {counted ? `${formatCount(done)} / ${formatQuantity(total, 'story', 'stories')}` : 'Listing stories…'}
          {timeLeft && ` · ${timeLeft}`}
        </Text>
      </Group>
      <Progress
        value={counted ? (done / total) * 100 : 100}
        striped={!counted}
        animated={!counted}
        size="md"
        radius="xl"
        aria-label="Sync progress"
      />
    </Stack>
  );
}
