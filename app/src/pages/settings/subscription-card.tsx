import { Button, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCreditCard } from '@tabler/icons-react';
import { paymentFailed } from '#contract/billing-rules.ts';
import type { SpaceSettings } from '#contract/space-settings.ts';
import { ContentCard } from '#kit/components/content-card.tsx';
import { formatCount } from '#kit/format/format.ts';
import { useCurrentSpace } from '../../space/current-space.ts';
import { AiUsage } from './ai-usage.tsx';
import { billingPortalLink } from './billing-link.ts';
import { PaymentWarning, PlanBadge, PlanDate, SubscribeButton } from './plan-state.tsx';
import { useCheckoutReturn } from './use-checkout-return.ts';

/** Spec section 9: the Entry Plan and its placeholder price. */
const ENTRY_PLAN_PRICE = 49;
const ENTRY_PLAN_DAILY_WORDS = 1000;

/** This page, for the portal's return button: without the checkout's mark, which would wait for a new plan. */
function backHere(): string {
  const search = new URLSearchParams(window.location.search);
  search.delete('checkout');
  const query = search.toString();
  return `${window.location.pathname}${query ? `?${query}` : ''}`;
}

/** What the card says below the plan when the space has no subscription. */
function NoSubscription({ billing, owner }: { billing: boolean | undefined; owner: boolean }) {
  if (billing === undefined) return null;
  const text = !billing
    ? 'Plans are managed by the operator of this Polyblok. AI translation works within the daily allowance below.'
    : owner
      ? 'This space has no subscription. Subscribe to the Entry Plan for its AI allowance; until then AI translation works within the daily allowance below.'
      : 'This space has no subscription. Only the space’s owner can subscribe.';
  return (
    <Text fz="sm" c="dimmed" data-testid="no-subscription">
      {text}
    </Text>
  );
}

/**
 * The space's plan: the Entry Plan with its AI allowance; for the owner, Stripe Checkout to subscribe and the
 * billing portal to manage it; without Stripe, a word that the operator manages plans.
 */
export function SubscriptionCard({ settings }: { settings: SpaceSettings | undefined }) {
  const { space, can } = useCurrentSpace();
  const subscription = space.subscription;
  const price = subscription?.price ?? ENTRY_PLAN_PRICE;
  const portal = space.billing_portal_url;
  const owner = can('subscription');
  const billing = settings?.billing_enabled;
  const here = backHere();
  const confirming = useCheckoutReturn(subscription !== null);
  return (
    <ContentCard
      title="Subscription"
      subtitle="The plan pays for AI translation and keeps the space in step with Storyblok."
      rightSection={
        owner && (
          <Group gap="xs">
            {/* After a cancellation the portal still holds the invoices, and the space can subscribe again. */}
            {portal && (
              <Button
                component="a"
                href={billingPortalLink(portal, here)}
                variant="default"
                leftSection={<IconCreditCard size={16} />}
              >
                Manage subscription
              </Button>
            )}
            {billing && !subscription && !confirming && <SubscribeButton spaceId={space.id} />}
          </Group>
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
              <PlanBadge subscription={subscription} />
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
      {subscription && <PlanDate subscription={subscription} />}
      {subscription && paymentFailed(subscription.status) && <PaymentWarning />}
      {confirming ? (
        <Text fz="sm" c="dimmed" data-testid="checkout-confirming">
          {confirming === 'waiting'
            ? 'Payment received: waiting for Stripe to confirm the subscription…'
            : 'Stripe has not confirmed the subscription yet. Reload this page in a few minutes.'}
        </Text>
      ) : (
        !subscription && <NoSubscription billing={billing} owner={owner} />
      )}
      {subscription && !owner && (
        <Text fz="sm" c="dimmed">
          Only the space’s owner manages the subscription.
        </Text>
      )}
      {settings && <AiUsage usage={settings.ai_usage} />}
    </ContentCard>
  );
}
