import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { isSyncRunning, useSyncStatus } from '#kit/data/space-sync.queries.ts';
import { SyncProgress } from './sync-progress.tsx';
import { useCurrentSpace } from './current-space.ts';

/**
 * While the space syncs (its first import above all), the screens that show its content say so: the counts
 * below are still growing.
 */
export function SyncBanner() {
  const { space } = useCurrentSpace();
  const accountSaysRunning = space.sync_batch_id !== null;
  const status = useSyncStatus(space.id, { enabled: accountSaysRunning, accountSaysRunning });
  // The poll answers sooner than the account; a stale poll of an earlier sync must not show a banner.
  const running = accountSaysRunning && (status.data === undefined || isSyncRunning(status.data));
  if (!running) return null;
  return (
    <Paper withBorder p="md" bg="var(--mantine-color-brand-light)">
      <Stack gap="xs">
        <SyncProgress status={status.data} />
        <Text fz="xs" c="dimmed">
          Polyblok is importing the latest content from Storyblok; the counts below update when it is done.{' '}
          <Anchor component={Link} to={`/spaces/${space.id}/settings`} fz="xs">
            Synchronization settings
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
