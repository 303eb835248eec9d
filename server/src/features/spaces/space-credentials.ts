import { getRegion } from '@storyblok/region-helper';
import { StoryblokError } from '../../adapters/storyblok/storyblok-error.ts';
import type { StoryblokOAuth } from '../../adapters/storyblok/storyblok-oauth.ts';
import type { StoryblokAuth } from '../../adapters/storyblok/storyblok-types.ts';
import type { SecretBox } from '../../crypto/secret-box.ts';
import type { Database } from '../../db/prisma.ts';

/** The sealed token is bound to its Storyblok space: copied onto another space's row, it no longer opens. */
const context = (storyblokSpaceId: bigint | number) => `storyblok-token:${storyblokSpaceId}`;
const refreshContext = (storyblokSpaceId: bigint | number) => `storyblok-refresh-token:${storyblokSpaceId}`;

export function sealStoryblokToken(box: SecretBox, storyblokSpaceId: number, token: string): string {
  return box.seal(token, context(storyblokSpaceId));
}

/** The refresh token of an app install (OAuth), sealed like the access token but never usable in its place. */
export function sealOAuthRefreshToken(box: SecretBox, storyblokSpaceId: number, token: string): string {
  return box.seal(token, refreshContext(storyblokSpaceId));
}

export type AuthFor = (spaceId: number) => Promise<StoryblokAuth>;

/** An app install's access token is renewed this long before it lapses, so no call starts with a dying one. */
const REFRESH_MARGIN_MS = 2 * 60_000;

interface StoredCredentials {
  tokenEncrypted: string | null;
  tokenKind: 'personal' | 'oauth';
  storyblokSpaceId: bigint;
  oauthRefreshEncrypted: string | null;
  oauthExpiresAt: Date | null;
}

const credentialsSelect = {
  tokenEncrypted: true,
  tokenKind: true,
  storyblokSpaceId: true,
  oauthRefreshEncrypted: true,
  oauthExpiresAt: true,
} as const;

/**
 * Opens a space's Storyblok token for one call; a space without a usable token is treated as Storyblok's 401.
 * An app install's (OAuth) token about to expire is refreshed first, when the app's client is configured.
 */
export function createAuthFor(prisma: Database, box: SecretBox, oauth: StoryblokOAuth | null = null): AuthFor {
  return async (spaceId) => {
    const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: credentialsSelect });
    if (!space.tokenEncrypted) throw new StoryblokError('unauthorized', 401, 'The space has no Storyblok token');
    const expiring =
      space.tokenKind === 'oauth' &&
      space.oauthExpiresAt !== null &&
      space.oauthExpiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS;
    if (expiring && oauth && space.oauthRefreshEncrypted) {
      return { kind: 'oauth', token: await refreshOAuthToken(prisma, box, oauth, spaceId, space) };
    }
    return { kind: space.tokenKind, token: box.open(space.tokenEncrypted, context(space.storyblokSpaceId)) };
  };
}

/**
 * Renews the access token and stores the new pair sealed. Two processes may renew at once: the update only
 * lands on the expiry it started from, and a renewal that fails because the other one already used a rotating
 * refresh token takes the token the other one stored.
 */
async function refreshOAuthToken(
  prisma: Database,
  box: SecretBox,
  oauth: StoryblokOAuth,
  spaceId: number,
  space: StoredCredentials,
): Promise<string> {
  const storyblokSpaceId = Number(space.storyblokSpaceId);
  const refreshToken = box.open(space.oauthRefreshEncrypted!, refreshContext(space.storyblokSpaceId));
  let renewed;
  try {
    renewed = await oauth.refresh(refreshToken, getRegion(storyblokSpaceId) ?? 'eu');
  } catch (error) {
    const now = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: credentialsSelect });
    if (now.tokenEncrypted && now.oauthExpiresAt && now.oauthExpiresAt > (space.oauthExpiresAt ?? new Date(0))) {
      return box.open(now.tokenEncrypted, context(now.storyblokSpaceId));
    }
    throw error;
  }
  const stored = await prisma.space.updateMany({
    where: { id: spaceId, tokenKind: 'oauth', oauthExpiresAt: space.oauthExpiresAt },
    data: {
      tokenEncrypted: sealStoryblokToken(box, storyblokSpaceId, renewed.accessToken),
      oauthRefreshEncrypted: sealOAuthRefreshToken(box, storyblokSpaceId, renewed.refreshToken),
      oauthExpiresAt: renewed.expiresAt,
    },
  });
  if (stored.count === 0) {
    // Another process renewed meanwhile: both tokens work, but only one pair is kept.
    const now = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: credentialsSelect });
    if (now.tokenEncrypted) return box.open(now.tokenEncrypted, context(now.storyblokSpaceId));
  }
  return renewed.accessToken;
}
