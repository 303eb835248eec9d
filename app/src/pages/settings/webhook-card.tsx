import { Alert, Group, List, PasswordInput, Skeleton, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '#kit/api/api-context.tsx';
import { ContentCard } from '#kit/components/content-card.tsx';
import { errorMessage } from '#kit/components/notify.ts';
import { webhookSettingsQueryOptions } from '#kit/data/space-settings.queries.ts';
import { CopyAction } from './copy-action.tsx';

/**
 * For admins: the webhook that lets Storyblok announce story changes, so translators see them within seconds
 * instead of at the next poll or daily sync.
 */
export function WebhookCard({ spaceId }: { spaceId: number }) {
  const api = useApi();
  const webhook = useQuery(webhookSettingsQueryOptions(api, spaceId));
  return (
    <ContentCard
      title="Storyblok webhook"
      subtitle="Storyblok tells Polyblok when a story changes, so new source text shows up within seconds."
    >
      {webhook.isError ? (
        <Alert color="red" variant="light" title="The webhook details could not be loaded">
          {errorMessage(webhook.error, 'Please reload the page.')}
        </Alert>
      ) : !webhook.data ? (
        <Skeleton h={120} />
      ) : (
        <>
          <List type="ordered" fz="sm" spacing={4}>
            <List.Item>In Storyblok, open Settings → Webhooks and add a webhook.</List.Item>
            <List.Item>Paste the endpoint and the secret below.</List.Item>
            <List.Item>Trigger it on stories published, unpublished, deleted and moved.</List.Item>
          </List>
          <Group grow align="flex-end" gap="md">
            <TextInput
              label="Endpoint"
              value={webhook.data.url}
              readOnly
              rightSection={<CopyAction value={webhook.data.url} label="Copy endpoint" />}
            />
            <PasswordInput
              label="Webhook secret"
              value={webhook.data.secret}
              readOnly
              leftSection={<CopyAction value={webhook.data.secret} label="Copy secret" />}
            />
          </Group>
        </>
      )}
    </ContentCard>
  );
}
