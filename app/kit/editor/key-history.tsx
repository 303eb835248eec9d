import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '#contract/content-history.ts';
import type { TranslatableKey } from '#contract/content.ts';
import { useApi } from '../api/api-context.tsx';
import { formatDateTime } from '../format/format.ts';
import { useEditorContext } from './editor-context.ts';
import { keyHistoryQueryOptions, useRevertTranslation } from './key-history.queries.ts';
import { historyStatusLabel, OriginBadge } from './origin-badge.tsx';

/** Who made a change: the member, or where it came from when no one of the space did. */
function author(entry: HistoryEntry): string {
  if (entry.user_name) return entry.user_name;
  return entry.origin === 'import' || entry.origin === 'storyblok' ? 'Storyblok' : 'Polyblok';
}

/**
 * Every change of the key's translation in this language, newest first (the newest is what the key holds), each
 * with where it came from and who made it; a translator can revert the key to any earlier one.
 */
export function KeyHistory({ keyData: key }: { keyData: TranslatableKey }) {
  const api = useApi();
  const ctx = useEditorContext();
  const query = useQuery(
    keyHistoryQueryOptions(api, { storyId: ctx.storyId, key: key.key, spaceLocaleId: ctx.spaceLocaleId }),
  );
  const revert = useRevertTranslation();
  return (
    <Stack gap="xs">
      <div>
        <Text fw={600}>History</Text>
        <Text fz="xs" c="dimmed">
          Every change of this translation in {ctx.localeName}, newest first
        </Text>
      </div>
      {query.isPending ? (
        <Skeleton h={52} radius="md" />
      ) : query.isError ? (
        <Alert color="red" variant="light">
          The history could not be loaded. Close and open the key again.
        </Alert>
      ) : query.data.history.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text c="dimmed" fz="sm" ta="center">
            No changes yet
          </Text>
        </Paper>
      ) : (
        <Stack gap={6} role="list" aria-label="History">
          {query.data.history.map((entry, index) => (
            <Paper key={entry.id} withBorder p="sm" radius="md" role="listitem">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <OriginBadge origin={entry.origin} />
                    <Text fz="xs" c="dimmed">
                      {historyStatusLabel(entry.status)} · {author(entry)} · {formatDateTime(entry.at)}
                      {index === 0 ? ' · current' : ''}
                    </Text>
                  </Group>
                  <Text
                    fz="sm"
                    c={entry.status === 'missing' ? 'dimmed' : undefined}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {entry.status === 'missing' ? 'No translation' : entry.value_text}
                  </Text>
                </Stack>
                {ctx.canTranslate && index > 0 && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    loading={revert.isPending && revert.variables?.historyId === entry.id}
                    disabled={revert.isPending}
                    onClick={() => revert.mutate({ key, historyId: entry.id })}
                  >
                    Revert
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
