import { Alert, Badge, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { paymentFailed } from '#contract/billing-rules.ts';
import type { Space } from '#contract/spaces.ts';
import { notifyError } from '#kit/components/notify.ts';
import { useStartCheckout } from '#kit/data/billing.queries.ts';
import { formatDate } from '#kit/format/format.ts';

type Subscription = NonNullable<Space['subscription']>;

export function PlanBadge({ subscription }: { subscription: Space['subscription'] }) {
  if (!subscription)
    return (
      <Badge color="gray" variant="light">
        No subscription
      </Badge>
    );
  if (paymentFailed(subscription.status))
    return (
      <Badge color="orange" variant="light">
        Payment failed
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      {subscription.status === 'trialing' ? 'Trial' : 'Active'}
    </Badge>
  );
}

/** When the plan renews, or ends when it was cancelled for the end of the period. */
export function PlanDate({ subscription }: { subscription: Subscription }) {
  if (!subscription.next_billing_date) return null;
  const date = formatDate(subscription.next_billing_date);
  return (
    <Text fz="sm" c="dimmed" data-testid="plan-date">
      {subscription.cancel_at_period_end
        ? `Cancelled: the plan ends on ${date} and is not billed again.`
        : `Next billing date: ${date}`}
    </Text>
  );
}

export function PaymentWarning() {
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="The last payment failed">
      Stripe tries the payment again over the next days. Until it goes through, AI translation keeps to the allowance
      without a plan. The owner can update the card in the billing portal.
    </Alert>
  );
}

/** Sends the owner to Stripe Checkout for the Entry Plan; the plan shows here once Stripe confirms the payment. */
export function SubscribeButton({ spaceId }: { spaceId: number }) {
  const checkout = useStartCheckout(spaceId);
  return (
    <Button
      leftSection={<IconCreditCard size={16} />}
      loading={checkout.isPending || checkout.isSuccess}
      onClick={() =>
        checkout.mutate(undefined, {
          onSuccess: (url) => window.location.assign(url),
          onError: (error) => notifyError('Could not start the checkout', error, 'Stripe could not be reached.'),
        })
      }
    >
      Subscribe to the Entry Plan
    </Button>
  );
}
