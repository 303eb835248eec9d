import { createHmac } from 'node:crypto';
import { newId, nowSeconds, type FakeStripeState, type StripeObject } from './state.ts';

/** Stripe's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint secret>`. */
export function signatureHeader(secret: string, payload: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function eventOf(type: string, object: StripeObject): StripeObject {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: nowSeconds(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Posts an event to the registered endpoint, signed, as Stripe does; the answer is kept for tests. */
export async function deliver(state: FakeStripeState, event: StripeObject): Promise<number | string> {
  if (!state.webhookUrl) {
    state.events.push({ event, answer: 'no webhook endpoint registered' });
    return 'no webhook endpoint registered';
  }
  const payload = JSON.stringify(event, null, 2);
  let answer: number | string;
  try {
    const response = await fetch(state.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': signatureHeader(state.webhookSecret, payload),
      },
      body: payload,
    });
    await response.arrayBuffer();
    answer = response.status;
  } catch (error) {
    answer = (error as Error).message;
  }
  state.events.push({ event, answer });
  return answer;
}

/** Sends events one after another, in the order Stripe typically emits them. */
export async function deliverAll(state: FakeStripeState, events: StripeObject[]): Promise<void> {
  for (const event of events) await deliver(state, event);
}
