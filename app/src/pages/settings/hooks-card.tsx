import { Alert, Divider, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '#kit/api/api-context.tsx';
import { ContentCard } from '#kit/components/content-card.tsx';
import { errorMessage } from '#kit/components/notify.ts';
import { spaceHooksQueryOptions } from '#kit/data/space-hooks.queries.ts';
import { HookForm } from './hook-form.tsx';
import { HookItem } from './hook-item.tsx';

/**
 * For admins: the addresses Polyblok tells about the space's events (outgoing webhooks), each with its secret,
 * its recent deliveries and a test event.
 */
export function HooksCard({ spaceId }: { spaceId: number }) {
  const api = useApi();
  const hooks = useQuery(spaceHooksQueryOptions(api, spaceId));
  return (
    <ContentCard
      title="Webhooks"
      subtitle="Polyblok posts a signed event to your addresses when a language of a story is complete or verified, writing to Storyblok fails, or a sync or AI run ends. Failed deliveries are retried for a day."
    >
      {hooks.isError ? (
        <Alert color="red" variant="light" title="The webhooks could not be loaded">
          {errorMessage(hooks.error, 'Please reload the page.')}
        </Alert>
      ) : !hooks.data ? (
        <Skeleton h={120} />
      ) : (
        <Stack gap="md">
          {hooks.data.hooks.length === 0 ? (
            <Text c="dimmed" fz="sm">
              No webhooks yet.
            </Text>
          ) : (
            hooks.data.hooks.map((hook) => <HookItem key={hook.id} spaceId={spaceId} hook={hook} />)
          )}
          <Divider />
          <HookForm spaceId={spaceId} />
        </Stack>
      )}
    </ContentCard>
  );
}
