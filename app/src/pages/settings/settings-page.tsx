import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useApi } from '#kit/api/api-context.tsx';
import { PageLayout } from '#kit/components/page-layout.tsx';
import { spaceSettingsQueryOptions } from '#kit/data/space-settings.queries.ts';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { useCurrentSpace } from '../../space/current-space.ts';
import { DatasourcesCard } from './datasources-card.tsx';
import { DeleteSpaceCard } from './delete-space-card.tsx';
import { SubscriptionCard } from './subscription-card.tsx';
import { SyncCard } from './sync-card.tsx';
import { SyncProblemsCard } from './sync-problems-card.tsx';
import { WebhookCard } from './webhook-card.tsx';
import { WriteBackCard } from './write-back-card.tsx';

// Read by admins now and then: its code loads only when it is shown.
const ActivityCard = lazy(() => import('./activity-card.tsx').then((module) => ({ default: module.ActivityCard })));
const HooksCard = lazy(() => import('./hooks-card.tsx').then((module) => ({ default: module.HooksCard })));

/**
 * /spaces/:spaceId/settings: synchronization, writing back to Storyblok, the datasources' dimensions, the webhook,
 * the plan and, for owners, deleting the space; for admins, the space's outgoing webhooks and its activity.
 */
export function SettingsPage() {
  usePageTitle('Settings');
  const api = useApi();
  const { space, can } = useCurrentSpace();
  const settings = useQuery(spaceSettingsQueryOptions(api, space.id));
  return (
    <PageLayout title="Settings" maxWidth={960}>
      <Stack gap="lg">
        <SyncCard />
        {settings.data && <SyncProblemsCard spaceId={space.id} problems={settings.data.sync_problems} />}
        <WriteBackCard settings={settings.data} error={settings.error} />
        <DatasourcesCard spaceId={space.id} admin={can('settings')} />
        {can('token') && <WebhookCard spaceId={space.id} />}
        {can('settings') && (
          <Suspense fallback={<Skeleton h={160} />}>
            <HooksCard spaceId={space.id} />
          </Suspense>
        )}
        <SubscriptionCard settings={settings.data} />
        {can('settings') && (
          <Suspense fallback={<Skeleton h={160} />}>
            <ActivityCard spaceId={space.id} />
          </Suspense>
        )}
        {can('deleteSpace') && <DeleteSpaceCard />}
      </Stack>
    </PageLayout>
  );
}
