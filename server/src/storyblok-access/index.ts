// The only door to Storyblok: everything else of the server reaches Storyblok through what this file offers.
import type { StoryblokRegion } from '#contract/spaces.ts';
import { cdnUrlFor } from './cdn-url.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Database } from '../db/prisma.ts';
import type { Env } from '../env.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { givenToken, type GivenToken } from './given-token.ts';
import { createLocalBudget } from './request-budget.ts';
import type { RetryPolicy } from './resilient-fetch.ts';
import {
  sealInstallTokens,
  sealPersonalToken,
  storeCredentials,
  type InstallTokens,
  type SealedCredentials,
} from './space-credentials.ts';
import { createSharedBudget } from './shared-budget.ts';
import { STARTER_REQUESTS_PER_SECOND } from './storyblok-rates.ts';
import { spaceStoryblok, type SpaceStoryblok } from './space-storyblok.ts';
import { createStoryblokAdapter } from './storyblok-adapter.ts';
import { createStoryblokOAuth } from './storyblok-oauth.ts';
import type { StoryblokAuth } from './storyblok-types.ts';

export type { GivenToken } from './given-token.ts';
export type { InstallTokens, SealedCredentials } from './space-credentials.ts';
export type { SpaceStoryblok } from './space-storyblok.ts';
export type {
  DatasourceDimension,
  DatasourceEntry,
  Region,
  StoryblokComponentDefinition,
  StoryblokDatasource,
  StoryblokLanguage,
  StoryblokSpace,
  StoryblokStory,
  StoryListItem,
  TranslatedSlugWrite,
  TranslatedStory,
} from './storyblok-types.ts';
export { TOKEN_ISSUE_MESSAGE } from './token-refusal.ts';

/** The Storyblok app the tool panel is installed as (OAuth); its install flow needs these. */
export interface StoryblokApp {
  clientId: string;
  clientSecret: string;
  /** The override of Storyblok's OAuth host, if any. */
  oauthUrl: string | undefined;
}

export interface StoryblokAccess {
  /** The Storyblok space of a Polyblok space, through its stored token. */
  forSpace(spaceId: number): SpaceStoryblok;
  /** Storyblok through a token someone has just given (connect a space, replace a token, an app install). */
  withToken(auth: StoryblokAuth): GivenToken;
  /** The app install's settings, or null when the install is not configured. */
  readonly app: StoryblokApp | null;
  sealPersonalToken(storyblokSpaceId: number, token: string): SealedCredentials;
  sealInstallTokens(storyblokSpaceId: number, tokens: InstallTokens): SealedCredentials;
  /** Gives a space credentials Storyblok accepted: its token issue is lifted. */
  storeCredentials(spaceId: number, credentials: SealedCredentials): Promise<void>;
  /** The delivery API (with /v2/cdn) that serves a region's spaces: what a published-content link asks. */
  cdnUrl(region: StoryblokRegion): string;
}

export interface StoryblokAccessOptions {
  prisma: Database;
  /** Admins hear of a refused token by e-mail. */
  queue: Pick<JobQueue, 'send'>;
  secretBox: SecretBox;
  /** Public origin of the web app, for links in e-mails. */
  siteUrl: () => string;
  /**
   * Management API base (with /v1); unset means each region's own host. A `{region}` in it is replaced by the
   * region code, so a stand-in can serve every region.
   */
  mapiUrl?: string;
  /** Content Delivery API base (with /v2/cdn), `{region}` as in mapiUrl; unset means each region's own host. */
  cdnUrl?: string;
  /**
   * Requests per second per token, whatever the space's plan (a 429 that names a limit still lowers it). Unset:
   * each token follows its space's plan, and starts at Storyblok's lowest rate (3) while the plan is unknown.
   */
  requestsPerSecond?: number;
  /**
   * Whether other processes may share the database (PostgreSQL): the budget then lives in it. Alone with the
   * embedded database, the process keeps it in memory.
   */
  sharedBudget: boolean;
  retryPolicy?: RetryPolicy;
  app: (StoryblokApp & { retryPolicy?: RetryPolicy }) | null;
}

export function createStoryblokAccess(options: StoryblokAccessOptions): StoryblokAccess {
  // Storyblok limits a token, not a client: the Management API and the OAuth calls share one budget.
  const startRate = options.requestsPerSecond ?? STARTER_REQUESTS_PER_SECOND;
  const budget = options.sharedBudget ? createSharedBudget(options.prisma, startRate) : createLocalBudget(startRate);
  const adapter = createStoryblokAdapter({
    mapiUrl: options.mapiUrl,
    budget,
    retryPolicy: options.retryPolicy,
    followPlan: options.requestsPerSecond === undefined,
  });
  const oauth = options.app
    ? createStoryblokOAuth({ ...options.app, mapiUrl: options.mapiUrl, budget, retryPolicy: options.app.retryPolicy })
    : null;
  const deps = {
    prisma: options.prisma,
    queue: options.queue,
    box: options.secretBox,
    siteUrl: options.siteUrl,
    adapter,
    oauth,
  };
  return {
    forSpace: (spaceId) => spaceStoryblok(deps, spaceId),
    withToken: (auth) => givenToken(deps, auth),
    app: options.app && {
      clientId: options.app.clientId,
      clientSecret: options.app.clientSecret,
      oauthUrl: options.app.oauthUrl,
    },
    sealPersonalToken: (storyblokSpaceId, token) => sealPersonalToken(options.secretBox, storyblokSpaceId, token),
    sealInstallTokens: (storyblokSpaceId, tokens) => sealInstallTokens(options.secretBox, storyblokSpaceId, tokens),
    storeCredentials: (spaceId, credentials) => storeCredentials(options.prisma, spaceId, credentials),
    cdnUrl: (region) => cdnUrlFor(region, options.cdnUrl),
  };
}

/** Storyblok as the environment configures it. */
export function storyblokAccessFromEnv(
  env: Env,
  deps: Pick<StoryblokAccessOptions, 'prisma' | 'queue' | 'secretBox' | 'siteUrl'>,
  /** Tests make Storyblok's stand-in fast and its retries quick. */
  overrides: Partial<Pick<StoryblokAccessOptions, 'requestsPerSecond' | 'retryPolicy'>> = {},
): StoryblokAccess {
  const app =
    env.STORYBLOK_OAUTH_CLIENT_ID && env.STORYBLOK_OAUTH_CLIENT_SECRET
      ? {
          clientId: env.STORYBLOK_OAUTH_CLIENT_ID,
          clientSecret: env.STORYBLOK_OAUTH_CLIENT_SECRET,
          oauthUrl: env.STORYBLOK_OAUTH_URL,
          // Someone waits on these (the end of an install, a panel sync): give up in seconds, not minutes.
          retryPolicy: { maxAttempts: 4, maxElapsedMs: 15_000, baseDelayMs: 300, maxDelayMs: 3_000 },
        }
      : null;
  return createStoryblokAccess({
    ...deps,
    mapiUrl: env.STORYBLOK_MAPI_URL,
    cdnUrl: env.STORYBLOK_CDN_URL,
    requestsPerSecond: env.STORYBLOK_REQUESTS_PER_SECOND,
    sharedBudget: env.DATABASE_URL.kind === 'postgres',
    app,
    ...overrides,
  });
}
