import type { FakeStoryblokBehaviour } from './behaviour.ts';
import { clone, type FakeStoryblokState, type StoryEventAction } from './state.ts';
import { mapiDetail } from './story-views.ts';
import { publishStored, saveStory, unpublishStored } from './story-writes.ts';
import type { RateLimiter, TrafficSettings } from './traffic.ts';
import type { OAuthIdentity, Region, RequestLogEntry, SpaceRecord } from './types.ts';
import {
  sendWebhook,
  storyWebhookPayload,
  type WebhookDelivery,
  type WebhookDispatcher,
  type WebhookEndpoint,
} from './webhooks.ts';

export interface FakeStoryblokUrls {
  baseUrl: string;
  /** Management API base, the `endpoint` of storyblok-js-client with `oauthToken`. */
  mapiUrl: string;
  /** Content Delivery base (`…/v2/cdn`); storyblok-js-client's `endpoint` is `cdnClientEndpoint` (`…/v2`). */
  cdnUrl: string;
  cdnClientEndpoint: string;
  /** Where the OAuth endpoints live (`…/oauth`); @storyblok/app-extension-auth's `storyblokApiBaseUrl` is `baseUrl`. */
  oauthUrl: string;
}

export interface FakeStoryblok extends FakeStoryblokUrls {
  state: FakeStoryblokState;
  behaviour: FakeStoryblokBehaviour;
  /** Live traffic knobs: change `rate`, `latencyMs`, `failRate` between requests. */
  traffic: TrafficSettings;
  /** The URLs of one region's host (`<base>/<region>/v1` …), where only that region's spaces exist. */
  regionUrls(region: Region): FakeStoryblokUrls;
  addToken(token: string, spaceIds: number[]): void;
  /** PAT or OAuth token: answers 401 from now on. */
  revokeToken(token: string): boolean;
  expireAccessToken(accessToken: string): boolean;
  setOAuthIdentity(identity: Partial<OAuthIdentity>): void;
  space(spaceId: number): SpaceRecord;
  /** Turns "Publish translations individually" on or off, as an admin does in the space's settings. */
  setPublishTranslationsIndividually(spaceId: number, on: boolean): void;
  /** The story as the MAPI would return it, read without auth or rate limit. */
  getStory(spaceId: number, storyId: number): Record<string, unknown>;
  /** Saves as an editor would: given fields replace the stored ones, `updated_at` moves, locks are ignored. */
  editStory(
    spaceId: number,
    storyId: number,
    patch: Record<string, unknown>,
    options?: { publish?: boolean },
  ): Record<string, unknown>;
  publishStory(spaceId: number, storyId: number, lang?: string): void;
  unpublishStory(spaceId: number, storyId: number): void;
  /** Makes MAPI writes to the story answer 422 unless they send `force_update: '1'`; `null` unlocks. */
  lockStory(spaceId: number, storyId: number, by: string | null): void;
  requests(): RequestLogEntry[];
  clearRequests(): void;
  resetRateLimits(): void;
  /** Register a webhook Storyblok sends on publish/unpublish/delete/move. */
  addWebhook(endpoint: WebhookEndpoint): void;
  webhookDeliveries(): WebhookDelivery[];
  webhooksSettled(): Promise<void>;
  /** Sends one signed story webhook now, as Storyblok would (reference §10, item 17). */
  sendStoryWebhook(options: {
    url: string;
    secret?: string;
    action: StoryEventAction;
    spaceId: number;
    storyId: number;
    signature?: string;
  }): Promise<WebhookDelivery>;
  close(): Promise<void>;
}

export function createFakeHandle(parts: {
  baseUrl: string;
  state: FakeStoryblokState;
  traffic: TrafficSettings;
  limiter: RateLimiter;
  webhooks: WebhookDispatcher;
  close: () => Promise<void>;
}): FakeStoryblok {
  const { baseUrl, state, traffic, limiter, webhooks } = parts;
  const urls = (base: string): FakeStoryblokUrls => ({
    baseUrl: base,
    mapiUrl: `${base}/v1`,
    cdnUrl: `${base}/v2/cdn`,
    cdnClientEndpoint: `${base}/v2`,
    oauthUrl: `${base}/oauth`,
  });
  return {
    ...urls(baseUrl),
    state,
    behaviour: state.behaviour,
    traffic,
    regionUrls: (region) => urls(`${baseUrl}/${region}`),
    addToken: (token, spaceIds) => state.auth.addPat(token, spaceIds),
    revokeToken: (token) => state.auth.revoke(token),
    expireAccessToken: (token) => state.auth.expireAccessToken(token),
    setOAuthIdentity: (identity) => {
      state.auth.identity = { ...state.auth.identity, ...identity };
    },
    space: (spaceId) => clone(state.space(spaceId).space),
    setPublishTranslationsIndividually: (spaceId, on) => {
      state.space(spaceId).space.use_translated_stories = on;
    },
    getStory: (spaceId, storyId) => mapiDetail(state, spaceId, state.stored(spaceId, storyId).story),
    editStory: (spaceId, storyId, patch, options = {}) =>
      mapiDetail(
        state,
        spaceId,
        saveStory(state, spaceId, storyId, { story: patch, publish: options.publish, force_update: '1' }),
      ),
    publishStory: (spaceId, storyId, lang) => publishStored(state, spaceId, state.stored(spaceId, storyId), lang),
    unpublishStory: (spaceId, storyId) => unpublishStored(state, spaceId, state.stored(spaceId, storyId)),
    lockStory: (spaceId, storyId, by) => {
      state.stored(spaceId, storyId).lockedBy = by;
    },
    requests: () => clone(state.requests),
    clearRequests: () => {
      state.requests.length = 0;
    },
    resetRateLimits: () => limiter.reset(),
    addWebhook: (endpoint) => webhooks.endpoints.push(endpoint),
    webhookDeliveries: () => clone(webhooks.deliveries),
    webhooksSettled: () => webhooks.settled(),
    sendStoryWebhook: (options) => {
      const stored = state.space(options.spaceId).stories.get(options.storyId);
      const story = stored?.story ?? { id: options.storyId, name: `Story ${options.storyId}`, full_slug: '' };
      return sendWebhook({
        url: options.url,
        secret: options.secret,
        signature: options.signature,
        payload: storyWebhookPayload(options.action, options.spaceId, story),
      });
    },
    close: parts.close,
  };
}
