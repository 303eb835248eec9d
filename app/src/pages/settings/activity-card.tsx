import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '#kit/api/api-context.tsx';
import { ContentCard } from '#kit/components/content-card.tsx';
import { errorMessage } from '#kit/components/notify.ts';
import { auditLogQueryOptions } from '#kit/data/audit-log.queries.ts';
import { formatDateTime } from '#kit/format/format.ts';
import { describeEvent } from './activity-text.ts';

/** For admins: the space's administrative events (languages, members, token, settings, runs), newest first. */
export function ActivityCard({ spaceId }: { spaceId: number }) {
  const api = useApi();
  const log = useInfiniteQuery(auditLogQueryOptions(api, spaceId));
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <ContentCard
      title="Activity"
      subtitle="Who changed what in this space: languages, members, settings, syncs and AI runs."
    >
      {log.isError ? (
        <Alert color="red" variant="light" title="The activity could not be loaded">
          {errorMessage(log.error, 'Please reload the page.')}
        </Alert>
      ) : log.isPending ? (
        <Skeleton h={120} />
      ) : events.length === 0 ? (
        <Text c="dimmed" fz="sm">
          Nothing happened here yet.
        </Text>
      ) : (
        <Stack gap="xs">
          <Stack gap={6} component="ul" aria-label="Activity" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {events.map((event) => (
              <li key={event.id}>
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Text fz="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {describeEvent(event)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {event.actor_name ?? 'Polyblok'} · {formatDateTime(event.at)}
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
          {log.hasNextPage && (
            <Group>
              <Button
                variant="default"
                size="xs"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                Show older
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </ContentCard>
  );
}
