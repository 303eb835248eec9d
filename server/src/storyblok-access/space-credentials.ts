import { getRegion } from '@storyblok/region-helper';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Database } from '../db/prisma.ts';
import type { StoryblokOAuth } from './storyblok-oauth.ts';
import type { StoryblokAuth } from './storyblok-types.ts';

/** The sealed token is bound to its Storyblok space: copied onto another space's row, it no longer opens. */
const context = (storyblokSpaceId: bigint | number) => `storyblok-token:${storyblokSpaceId}`;
const refreshContext = (storyblokSpaceId: bigint | number) => `storyblok-refresh-token:${storyblokSpaceId}`;

/** The sealed Storyblok credentials a space is connected with: a personal access token or an app install's. */
export interface SealedCredentials {
  tokenEncrypted: string;
  tokenKind: 'personal' | 'oauth';
  oauthRefreshEncrypted: string | null;
  oauthExpiresAt: Date | null;
}

/** An app install's grant for one Storyblok space, as the OAuth callback hands it over. */
export interface InstallTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

export function sealPersonalToken(box: SecretBox, storyblokSpaceId: number, token: string): SealedCredentials {
  return {
    tokenEncrypted: box.seal(token, context(storyblokSpaceId)),
    tokenKind: 'personal',
    oauthRefreshEncrypted: null,
    oauthExpiresAt: null,
  };
}

/** The refresh token is sealed like the access token but under its own context: never usable in its place. */
export function sealInstallTokens(box: SecretBox, storyblokSpaceId: number, tokens: InstallTokens): SealedCredentials {
  return {
    tokenEncrypted: box.seal(tokens.accessToken, context(storyblokSpaceId)),
    tokenKind: 'oauth',
    oauthRefreshEncrypted: box.seal(tokens.refreshToken, refreshContext(storyblokSpaceId)),
    oauthExpiresAt: tokens.expiresAt,
  };
}

/** An app install's access token is renewed this long before it lapses, so no call starts with a dying one. */
const REFRESH_MARGIN_MS = 2 * 60_000;

const credentialsSelect = {
  tokenEncrypted: true,
  tokenKind: true,
  storyblokSpaceId: true,
  oauthRefreshEncrypted: true,
  oauthExpiresAt: true,
  hasTokenIssue: true,
  storyblokRequestsPerSecond: true,
} as const;

interface StoredCredentials {
  tokenEncrypted: string | null;
  tokenKind: 'personal' | 'oauth';
  storyblokSpaceId: bigint;
  oauthRefreshEncrypted: string | null;
  oauthExpiresAt: Date | null;
  hasTokenIssue: boolean;
  storyblokRequestsPerSecond: number | null;
}

export interface OpenedCredentials {
  storyblokSpaceId: number;
  /** Null when the space has no token, or Storyblok refused it and no new one was given since. */
  auth: StoryblokAuth | null;
}

export interface CredentialDeps {
  prisma: Database;
  box: SecretBox;
  /** The app install's OAuth client, which renews install tokens; null when the install is not configured. */
  oauth: StoryblokOAuth | null;
}

/**
 * Opens a space's Storyblok token for one call (read each time, so a token replaced during a long sync is used
 * at once). An app install's token about to expire is renewed first, when the app's client is configured.
 */
export async function openCredentials(deps: CredentialDeps, spaceId: number): Promise<OpenedCredentials> {
  const space = await deps.prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: credentialsSelect });
  const storyblokSpaceId = Number(space.storyblokSpaceId);
  if (!space.tokenEncrypted || space.hasTokenIssue) return { storyblokSpaceId, auth: null };
  const expiring =
    space.tokenKind === 'oauth' &&
    space.oauthExpiresAt !== null &&
    space.oauthExpiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS;
  if (expiring && deps.oauth && space.oauthRefreshEncrypted) {
    const token = await renewInstallToken(deps, spaceId, space);
    return { storyblokSpaceId, auth: { kind: 'oauth', token, maxRequestsPerSecond: space.storyblokRequestsPerSecond } };
  }
  const token = deps.box.open(space.tokenEncrypted, context(space.storyblokSpaceId));
  return {
    storyblokSpaceId,
    auth: { kind: space.tokenKind, token, maxRequestsPerSecond: space.storyblokRequestsPerSecond },
  };
}

/** Gives a space working credentials: Storyblok accepted them, so syncing and writing back may go on. */
export async function storeCredentials(
  prisma: Database,
  spaceId: number,
  credentials: SealedCredentials,
): Promise<void> {
  await prisma.space.update({
    where: { id: spaceId },
    data: { ...credentials, hasTokenIssue: false },
    select: { id: true },
  });
}

/**
 * Renews the access token and stores the new pair sealed. Two processes may renew at once: the update only
 * lands on the expiry it started from, and a renewal that fails because the other one already used a rotating
 * refresh token takes the token the other one stored.
 */
async function renewInstallToken(deps: CredentialDeps, spaceId: number, space: StoredCredentials): Promise<string> {
  const { prisma, box } = deps;
  const storyblokSpaceId = Number(space.storyblokSpaceId);
  const refreshToken = box.open(space.oauthRefreshEncrypted!, refreshContext(space.storyblokSpaceId));
  let renewed;
  try {
    renewed = await deps.oauth!.refresh(refreshToken, getRegion(storyblokSpaceId) ?? 'eu');
  } catch (error) {
    const now = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: credentialsSelect });
    if (now.tokenEncrypted && now.oauthExpiresAt && now.oauthExpiresAt > (space.oauthExpiresAt ?? new Date(0))) {
      return box.open(now.tokenEncrypted, context(now.storyblokSpaceId));
    }
    throw error;
  }
  const { tokenEncrypted, oauthRefreshEncrypted } = sealInstallTokens(box, storyblokSpaceId, renewed);
  const stored = await prisma.space.updateMany({
    where: { id: spaceId, tokenKind: 'oauth', oauthExpiresAt: space.oauthExpiresAt },
    data: { tokenEncrypted, oauthRefreshEncrypted, oauthExpiresAt: renewed.expiresAt },
  });
  if (stored.count === 0) {
    // Another process renewed meanwhile: both tokens work, but only one pair is kept.
    const now = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: credentialsSelect });
    if (now.tokenEncrypted) return box.open(now.tokenEncrypted, context(now.storyblokSpaceId));
  }
  return renewed.accessToken;
}
