import { Alert, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ContentCard } from '#kit/components/content-card.tsx';
import { formatDateTime, formatRelative } from '#kit/format/format.ts';
import { notifyError, notifyFailure, notifySuccess } from '#kit/components/notify.ts';
import { isSyncRunning, useStartSync, useSyncStatus } from '#kit/data/space-sync.queries.ts';
import { useCurrentSpace } from '../../space/current-space.ts';
import { SyncProgress } from '../../space/sync-progress.tsx';
import { ReplaceTokenModal } from './replace-token-modal.tsx';

const TOKEN_ISSUE_TOOLTIP = 'Sync has been stopped with the Storyblok Space, please provide a valid token';

/**
 * Spec section 2's Synchronization card: the last sync or 'Never synced', 'Synchronize now', 'Syncing
 * stories' with its progress while a run goes, and the 'Invalid Token' warning with a way to fix it.
 */
export function SyncCard() {
  const { space, can } = useCurrentSpace();
  const status = useSyncStatus(space.id, { accountSaysRunning: space.sync_batch_id !== null });
  const start = useStartSync(space.id);
  const [replacing, setReplacing] = useState(false);
  const running = status.data ? isSyncRunning(status.data) : space.sync_batch_id !== null;
  const tokenIssue = status.data?.has_token_issue ?? space.has_token_issue;
  const syncedAt = status.data ? status.data.synced_at : space.synced_at;
  const failed = !running && status.data?.status === 'failed';
  const topic = `sync-${space.id}`;

  // A run watched from this card that ends in failure says so, as a start that fails does.
  const watched = useRef(running);
  useEffect(() => {
    if (watched.current && !running && status.data?.status === 'failed') {
      notifyFailure('Sync failed', status.data.error ?? 'Could not synchronize with Storyblok', { topic });
    }
    watched.current = running;
  }, [running, status.data, topic]);

  function synchronize() {
    start.mutate(undefined, {
      onSuccess: () => notifySuccess('Sync started', 'Synchronization with Storyblok has been started', { topic }),
      onError: (error) => notifyError('Sync failed', error, 'Could not start synchronization', { topic }),
    });
  }

  return (
    <ContentCard
      title="Synchronization"
      subtitle="Polyblok imports new content from Storyblok every day. Synchronize to bring in changes right away."
      rightSection={
        can('sync') && (
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={synchronize}
            loading={start.isPending}
            disabled={running || tokenIssue}
          >
            Synchronize now
          </Button>
        )
      }
    >
      {running ? (
        <SyncProgress status={status.data} />
      ) : (
        <Group gap="xs">
          <Text fz="sm" c="dimmed">
            Last sync
          </Text>
          {syncedAt ? (
            <Text fz="sm" fw={600} title={formatDateTime(syncedAt)}>
              {formatDateTime(syncedAt)} ({formatRelative(syncedAt)})
            </Text>
          ) : (
            <Text fz="sm" fw={600}>
              Never synced
            </Text>
          )}
        </Group>
      )}
      {tokenIssue && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
          <Group justify="space-between" gap="sm">
            <Stack gap={4}>
              <Tooltip label={TOKEN_ISSUE_TOOLTIP} multiline w={280}>
                <Badge color="red" variant="filled" w="fit-content" tabIndex={0}>
                  Invalid Token
                </Badge>
              </Tooltip>
              <Text fz="sm">
                {can('token')
                  ? 'Storyblok refused the space’s token. Provide a new personal access token to resume syncing.'
                  : 'Storyblok refused the space’s token. Ask an admin of the space to provide a new one.'}
              </Text>
            </Stack>
            {can('token') && (
              <Button color="red" variant="light" onClick={() => setReplacing(true)}>
                Provide a new token
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {failed && !tokenIssue && status.data?.error && (
        <Alert color="red" variant="light" title="The last synchronization failed">
          {status.data.error}
        </Alert>
      )}
      {replacing && <ReplaceTokenModal spaceName={space.name} spaceId={space.id} onClose={() => setReplacing(false)} />}
    </ContentCard>
  );
}
