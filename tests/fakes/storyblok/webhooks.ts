import { createHmac } from 'node:crypto';
import type { DatasourceEvent, StoryEvent, StoryEventAction } from './state.ts';

export interface StoryWebhookPayload {
  text: string;
  action: StoryEventAction;
  space_id: number;
  story_id: number;
  full_slug?: string;
}

export interface WebhookDelivery {
  url: string;
  payload: StoryWebhookPayload | Record<string, unknown>;
  status: number | null;
  error: string | null;
  durationMs: number;
  responseBody: string;
}

export interface WebhookEndpoint {
  url: string;
  /** Without a secret Storyblok sends no `webhook-signature` (secrets are a paid-plan feature). */
  secret?: string;
  /** Actions to send (the four story ones, `entries_updated` for datasources); all of them when omitted. */
  actions?: Array<StoryEventAction | 'entries_updated'>;
  spaceId?: number;
}

/** Storyblok's signature: hex HMAC-SHA1 of the raw body keyed with the webhook secret (reference §10). */
export function signWebhookBody(secret: string, rawBody: string): string {
  return createHmac('sha1', secret).update(rawBody).digest('hex');
}

export function storyWebhookPayload(
  action: StoryEventAction,
  spaceId: number,
  story: { id: number; name: string; full_slug: string },
): StoryWebhookPayload {
  const payload: StoryWebhookPayload = {
    text:
      `The user fake-editor@example.com ${action} the Story ${story.name} (${story.full_slug})\n` +
      `https://app.storyblok.com/#/me/spaces/${spaceId}/stories/0/0/${story.id}`,
    action,
    space_id: spaceId,
    story_id: story.id,
  };
  // Storyblok includes full_slug on published and moved events only.
  if (action === 'published' || action === 'moved') payload.full_slug = story.full_slug;
  return payload;
}

/**
 * POSTs a webhook the way Storyblok does: JSON body, `webhook-signature` over the exact bytes sent, no retries,
 * a timeout (Storyblok waits 120 s; tests want less).
 */
export async function sendWebhook(options: {
  url: string;
  payload: StoryWebhookPayload | Record<string, unknown>;
  secret?: string;
  /** Overrides the computed signature, to test that the app refuses a wrong one. */
  signature?: string;
  timeoutMs?: number;
}): Promise<WebhookDelivery> {
  const rawBody = JSON.stringify(options.payload);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Storyblok-Webhook' };
  const signature = options.signature ?? (options.secret ? signWebhookBody(options.secret, rawBody) : undefined);
  if (signature !== undefined) headers['webhook-signature'] = signature;
  const started = Date.now();
  try {
    const res = await fetch(options.url, {
      method: 'POST',
      headers,
      body: rawBody,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    return {
      url: options.url,
      payload: options.payload as StoryWebhookPayload,
      status: res.status,
      error: null,
      durationMs: Date.now() - started,
      responseBody: await res.text(),
    };
  } catch (error) {
    return {
      url: options.url,
      payload: options.payload as StoryWebhookPayload,
      status: null,
      error: (error as Error).message,
      durationMs: Date.now() - started,
      responseBody: '',
    };
  }
}

/** Sends configured webhooks on story events, like Storyblok does for UI and API actions alike. */
export class WebhookDispatcher {
  readonly endpoints: WebhookEndpoint[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  private readonly pending = new Set<Promise<unknown>>();

  dispatch(event: StoryEvent): void {
    for (const endpoint of this.endpoints) {
      if (endpoint.spaceId !== undefined && endpoint.spaceId !== event.spaceId) continue;
      if (endpoint.actions && !endpoint.actions.includes(event.action)) continue;
      const sending = sendWebhook({
        url: endpoint.url,
        secret: endpoint.secret,
        payload: storyWebhookPayload(event.action, event.spaceId, event.story),
      }).then((delivery) => this.deliveries.push(delivery));
      this.pending.add(sending);
      void sending.finally(() => this.pending.delete(sending));
    }
  }

  /** `datasource.entries_updated`, as Storyblok sends it: the datasource's slug, no story. */
  dispatchDatasource(event: DatasourceEvent): void {
    for (const endpoint of this.endpoints) {
      if (endpoint.spaceId !== undefined && endpoint.spaceId !== event.spaceId) continue;
      if (endpoint.actions && !endpoint.actions.includes('entries_updated')) continue;
      const payload = {
        text: `The user fake-editor@example.com updated the entries of the datasource ${event.slug}`,
        action: 'entries_updated',
        space_id: event.spaceId,
        datasource_slug: event.slug,
      };
      const sending = sendWebhook({ url: endpoint.url, secret: endpoint.secret, payload }).then((delivery) =>
        this.deliveries.push(delivery),
      );
      this.pending.add(sending);
      void sending.finally(() => this.pending.delete(sending));
    }
  }

  /** Resolves once every webhook sent so far has been answered (or failed). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
