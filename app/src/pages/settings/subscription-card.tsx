import { Badge, Button, Group, List, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCreditCard } from '@tabler/icons-react';
import type { SpaceSettings } from '#contract/space-settings.ts';
import { ContentCard } from '#kit/components/content-card.tsx';
import { formatCount, formatDate } from '#kit/format/format.ts';
import { useCurrentSpace } from '../../space/current-space.ts';
import { billingPortalLink } from './billing-link.ts';

/** Spec section 9: the Entry Plan and its placeholder price. */
const ENTRY_PLAN_PRICE = 49;
const ENTRY_PLAN_DAILY_WORDS = 1000;

function AiUsage({ usage }: { usage: SpaceSettings['ai_usage'] }) {
  const percent = usage.daily_words > 0 ? Math.min(100, (usage.words_today / usage.daily_words) * 100) : 100;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm">
        <Text fz="sm" fw={600}>
          AI words today
        </Text>
        <Text fz="sm" c="dimmed" data-testid="ai-usage">
          {formatCount(usage.words_today)} of {formatCount(usage.daily_words)} words
        </Text>
      </Group>
      <Progress value={percent} color={percent >= 100 ? 'red' : 'brand'} radius="xl" aria-label="AI words used today" />
      {usage.words_reserved > 0 && (
        <Text fz="xs" c="dimmed" data-testid="ai-reserved">
          {formatCount(usage.words_reserved)} more held by AI translations under way: charged as they arrive, given back
          if they fail or are cancelled.
        </Text>
      )}
      <Text fz="xs" c="dimmed">
        The allowance renews every day at midnight (UTC).
      </Text>
    </Stack>
  );
}

/** The space's plan: Entry Plan with its AI allowance, and the billing portal when billing is set up. */
export function SubscriptionCard({ settings }: { settings: SpaceSettings | undefined }) {
  const { space, can } = useCurrentSpace();
  const subscription = space.subscription;
  const price = subscription?.price ?? ENTRY_PLAN_PRICE;
  const portal = space.billing_portal_url;
  return (
    <ContentCard
      title="Subscription"
      subtitle="The plan pays for AI translation and keeps the space in step with Storyblok."
      rightSection={
        portal &&
        can('subscription') && (
          <Button
            component="a"
            href={billingPortalLink(portal, window.location.href)}
            variant="default"
            leftSection={<IconCreditCard size={16} />}
          >
            Manage subscription
          </Button>
        )
      }
    >
      <Paper withBorder p="md" bg="var(--mantine-color-gray-0)">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6}>
            <Group gap="xs">
              <Text fw={700} fz="lg">
                Entry Plan
              </Text>
              <Badge color={subscription ? 'green' : 'gray'} variant="light">
                {subscription ? 'Active' : 'No subscription'}
              </Badge>
            </Group>
            <List
              fz="sm"
              spacing={4}
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" color="teal">
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              <List.Item>AI automatic translations up to {formatCount(ENTRY_PLAN_DAILY_WORDS)} words per day</List.Item>
              <List.Item>Sync imports new content daily, and on demand</List.Item>
            </List>
          </Stack>
          <Text fz={28} fw={700} lh={1}>
            ${formatCount(price)}
            <Text span fz="sm" c="dimmed" fw={500}>
              /month
            </Text>
          </Text>
        </Group>
      </Paper>
      {subscription?.next_billing_date && (
        <Text fz="sm" c="dimmed">
          Next billing date: {formatDate(subscription.next_billing_date)}
        </Text>
      )}
      {!subscription && (
        <Text fz="sm" c="dimmed">
          This space has no subscription{portal ? '' : ', and billing is not set up on this Polyblok server'}. AI
          translation still works within the daily allowance below.
        </Text>
      )}
      {portal && !can('subscription') && (
        <Text fz="sm" c="dimmed">
          Only the space’s owner manages the subscription.
        </Text>
      )}
      {settings && <AiUsage usage={settings.ai_usage} />}
    </ContentCard>
  );
}
