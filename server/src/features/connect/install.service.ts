import type { ConnectErrorCode } from '#contract/connect-errors.ts';
import { AppError } from '../../errors.ts';
import { startSession, type ClientInfo } from '../auth/index.ts';
import { matchAccount } from './connect-account.ts';
import type { ConnectDeps } from './connect-deps.ts';
import { connectInstalledSpace } from './connect-space.ts';
import { sealPanelCode } from './panel-code.ts';
import type { AppSession } from './storyblok-auth.ts';

/** An install that cannot go on, with the reason the panel explains. */
export class ConnectFailure extends Error {
  readonly code: ConnectErrorCode;

  constructor(code: ConnectErrorCode, message: string) {
    super(message);
    this.name = 'ConnectFailure';
    this.code = code;
  }
}

/** Storyblok's answers to the install's token, as the reasons the panel explains. */
function storyblokFailure(error: unknown): never {
  if (!(error instanceof AppError)) throw error;
  const refused = error.code === 'invalid_token' || error.code === 'not_found';
  throw new ConnectFailure(refused ? 'storyblok_refused' : 'storyblok_unavailable', error.message);
}

/**
 * The end of an app install: the Storyblok user becomes (or is found as) a Polyblok account, the Storyblok
 * space a Polyblok space they are a member of, and a new Polyblok session starts for the panel. Answers the
 * one-time code that hands that session to the panel that holds the challenge's verifier.
 */
export async function completeInstall(
  deps: ConnectDeps,
  install: AppSession,
  challenge: string,
  client: ClientInfo,
): Promise<{ code: string; userId: string; spaceId: number }> {
  if (!deps.oauth) throw new ConnectFailure('not_configured', 'The Storyblok app is not configured');
  const email = await deps.storyblok
    .withToken({ kind: 'oauth', token: install.accessToken })
    .installerEmail(install.spaceId, install.userId)
    .catch(storyblokFailure);
  if (!email) {
    throw new ConnectFailure('no_email', `Storyblok named no e-mail address for user ${install.userId}`);
  }
  const account = await matchAccount(deps.auth, { id: install.userId, name: install.userName, email });
  const spaceId = await connectInstalledSpace(
    deps,
    {
      storyblokSpaceId: install.spaceId,
      accessToken: install.accessToken,
      refreshToken: install.refreshToken,
      expiresAt: new Date(install.expiresAt),
      roles: install.roles,
    },
    account.userId,
  ).catch(storyblokFailure);
  const session = await startSession(deps.auth, account.userId, 'oauth', client);
  const code = sealPanelCode(
    deps.secretBox,
    { refreshToken: session.refresh_token, challenge, spaceId },
    deps.auth.clock.now(),
  );
  deps.logger.info(
    { userId: account.userId, spaceId, storyblokSpaceId: install.spaceId, invited: account.invited },
    'storyblok app install completed',
  );
  return { code, userId: account.userId, spaceId };
}
