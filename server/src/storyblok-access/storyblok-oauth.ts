import { getRegion, getRegionBaseUrl, REGIONAL_DATA } from '@storyblok/region-helper';
import { z } from 'zod';
import type { RequestBudget } from './request-budget.ts';
import { createResilientFetch, type RetryPolicy } from './resilient-fetch.ts';
import { StoryblokError, toStoryblokError } from './storyblok-error.ts';
import type { Region } from './storyblok-types.ts';

export interface StoryblokOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Base of /oauth/authorize, /oauth/token and /oauth/user_info; unset means each region's API host. */
  oauthUrl?: string;
  /** Management API base (with /v1), as the Storyblok adapter takes it (`{region}` is replaced). */
  mapiUrl?: string;
  /** The requests-per-second budget of each token, shared with the Management API client. */
  budget: RequestBudget;
  retryPolicy?: RetryPolicy;
  fetch?: typeof fetch;
}

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

/** The app's OAuth client: what Polyblok asks Storyblok with an app install's tokens beyond the Management API. */
export interface StoryblokOAuth {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The override of Storyblok's OAuth host, if any (@storyblok/app-extension-auth's storyblokApiBaseUrl). */
  readonly oauthUrl: string | undefined;
  /** A new access token for a refresh token; Storyblok may hand out a new refresh token with it. */
  refresh(refreshToken: string, region: Region): Promise<OAuthTokens>;
  /**
   * The e-mail address of the Storyblok user who installed the app in the space: the space owner's from
   * space_info, or a collaborator's from the collaborators list. Null when Storyblok names none.
   */
  userEmail(accessToken: string, spaceId: number, userId: number): Promise<string | null>;
}

const id = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number);

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive(),
});

const spaceInfoAnswer = z.object({
  space: z.object({
    owner: z.object({ id: id.nullish(), email: z.string().nullish() }).nullish(),
  }),
});

const collaboratorsAnswer = z.object({
  collaborators: z.array(
    z.object({
      user_id: id.nullish(),
      user: z
        .object({
          id: id.nullish(),
          /** The login, which is the e-mail address for password accounts. */
          userid: z.string().nullish(),
          real_email: z.string().nullish(),
          alt_email: z.string().nullish(),
        })
        .nullish(),
    }),
  ),
});

const looksLikeEmail = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim());

const COLLABORATORS_PER_PAGE = 100;
const MAX_COLLABORATOR_PAGES = 20;

export function createStoryblokOAuth(options: StoryblokOAuthOptions): StoryblokOAuth {
  const send = createResilientFetch({
    budget: options.budget,
    policy: options.retryPolicy,
    fetch: options.fetch,
  });
  const oauthBase = (region: Region) => options.oauthUrl ?? getRegionBaseUrl(region);
  const mapiBase = (spaceId: number) => {
    const region: Region = getRegion(spaceId) ?? 'eu';
    return options.mapiUrl?.replaceAll('{region}', region) ?? `https://${REGIONAL_DATA[region].managementApiDomain}/v1`;
  };

  async function getJson<S extends z.ZodType>(url: string, accessToken: string, schema: S): Promise<z.output<S>> {
    let response: Response;
    try {
      response = await send(url, {
        headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw toStoryblokError(error);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw toStoryblokError({ status: response.status, message: response.statusText });
    }
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new StoryblokError('invalid_answer', 200, 'Storyblok answered in an unexpected shape');
    return parsed.data;
  }

  async function collaboratorEmail(accessToken: string, spaceId: number, userId: number): Promise<string | null> {
    for (let page = 1; page <= MAX_COLLABORATOR_PAGES; page += 1) {
      const query = new URLSearchParams({ page: String(page), per_page: String(COLLABORATORS_PER_PAGE) });
      const { collaborators } = await getJson(
        `${mapiBase(spaceId)}/spaces/${spaceId}/collaborators?${query.toString()}`,
        accessToken,
        collaboratorsAnswer,
      );
      const match = collaborators.find((c) => (c.user_id ?? c.user?.id) === userId);
      if (match?.user) {
        const { real_email, userid, alt_email } = match.user;
        return [real_email, userid, alt_email].find(looksLikeEmail)?.trim().toLowerCase() ?? null;
      }
      if (collaborators.length < COLLABORATORS_PER_PAGE) return null;
    }
    return null;
  }

  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    oauthUrl: options.oauthUrl,

    async refresh(refreshToken, region) {
      let response: Response;
      try {
        response = await send(`${oauthBase(region)}/oauth/token`, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          // client_secret_post, as Storyblok's OAuth server expects (and the library's openid client sends).
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: options.clientId,
            client_secret: options.clientSecret,
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw toStoryblokError(error);
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        // invalid_grant (400) means the install was revoked or the token is gone: as good as a 401.
        const status = response.status === 400 ? 401 : response.status;
        throw toStoryblokError({ status, message: 'the refresh token was refused' });
      }
      const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new StoryblokError('invalid_answer', 200, 'Storyblok answered the refresh oddly');
      return {
        accessToken: parsed.data.access_token,
        refreshToken: parsed.data.refresh_token ?? refreshToken,
        expiresAt: new Date(Date.now() + parsed.data.expires_in * 1000),
      };
    },

    async userEmail(accessToken, spaceId, userId) {
      const info = await getJson(`${mapiBase(spaceId)}/oauth/space_info`, accessToken, spaceInfoAnswer);
      const owner = info.space.owner;
      if (owner?.id === userId && looksLikeEmail(owner.email)) return owner.email.trim().toLowerCase();
      return collaboratorEmail(accessToken, spaceId, userId);
    },
  };
}
