import { isStripeError, type Stripe } from '../../adapters/stripe/stripe-client.ts';
import { AppError } from '../../errors.ts';
import { requireStripe, type BillingDeps } from './billing-deps.ts';
import { callStripe } from './stripe-calls.ts';
import { storeSubscription } from './subscription-state.ts';

/** Stripe's own default: a signature older than five minutes is refused, so a captured delivery cannot be replayed. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The advisory-lock class of a Stripe subscription; the second key is a hash of its id. */
const SUBSCRIPTION_LOCK = 4102;

/** A Stripe call may retry twice within the transaction that waits for it. */
const TRANSACTION_TIMEOUT_MS = 60_000;

const badSignature = () =>
  new AppError('invalid_signature', 'The Stripe-Signature header does not match this body, or it is too old.');

/** Which subscription an event is about, and the space it names, or null for events billing ignores. */
function subjectOf(event: Stripe.Event): { subscription: string; space?: string | null } | null {
  const ref = (value: string | { id: string } | null | undefined) =>
    typeof value === 'string' ? value : (value?.id ?? null);
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscription = ref(session.subscription);
      return session.mode === 'subscription' && subscription
        ? { subscription, space: session.client_reference_id ?? session.metadata?.space_id }
        : null;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscription: event.data.object.id };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscription = ref(event.data.object.parent?.subscription_details?.subscription);
      return subscription ? { subscription } : null;
    }
    default:
      return null;
  }
}

/**
 * A webhook from Stripe. The signature is checked against the exact bytes received; nothing is read from a body
 * that fails it. Each event is handled once: its id is recorded in the transaction that applies it, so a
 * delivery again (Stripe retries until it gets a 2xx) changes nothing.
 *
 * Order: Stripe does not deliver events in order, and an event's object is a snapshot from when it happened.
 * Instead of comparing snapshots (`created` is in whole seconds, and two updates in one second tie), every
 * event only says which subscription to look at: the subscription is fetched from Stripe as it is now, under a
 * lock per subscription held until the row is written, so a late event stores the newest state, never its own
 * older one, and two deliveries at once cannot write in the opposite order of their fetches.
 */
export async function receiveStripeWebhook(
  deps: BillingDeps,
  input: { raw: Buffer | undefined; signature: string | undefined },
): Promise<{ received: boolean }> {
  const stripe = requireStripe(deps);
  if (!input.raw || !input.signature) throw badSignature();
  let event: Stripe.Event;
  try {
    event = stripe.client.webhooks.constructEvent(
      input.raw,
      input.signature,
      stripe.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
  } catch {
    throw badSignature();
  }
  const subject = subjectOf(event);
  await deps.prisma.$transaction(
    async (tx) => {
      if (subject) {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SUBSCRIPTION_LOCK}::int, hashtext(${subject.subscription}))`;
      }
      const first = await tx.$queryRaw<unknown[]>`
        INSERT INTO stripe_events (id, type) VALUES (${event.id}, ${event.type})
        ON CONFLICT (id) DO NOTHING RETURNING id`;
      if (first.length === 0 || !subject) return;
      const subscription = await callStripe('read the subscription', () =>
        stripe.client.subscriptions.retrieve(subject.subscription).catch((error: unknown) => {
          // One Stripe no longer knows (deleted test data): nothing to keep, and retrying cannot change that.
          if (isStripeError(error) && error.code === 'resource_missing') return null;
          throw error;
        }),
      );
      if (subscription) await storeSubscription(tx, subscription, subject.space);
    },
    { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_TIMEOUT_MS },
  );
  return { received: true };
}
