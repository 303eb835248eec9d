import type { PanelSpace } from '#contract/connect.ts';
import type { AuthSessionResponse } from '#contract/auth.ts';
import { AppError } from '../../errors.ts';
import { isAuthRefusal, refreshGrant, type ClientInfo } from '../auth/index.ts';
import type { ConnectDeps } from './connect-deps.ts';
import { openPanelCode } from './panel-code.ts';

/**
 * The panel's session from its one-time code: the code's refresh token is rotated like any refresh, so the
 * panel holds a session of its own (access token, refresh token) that no cookie of the iframe has to carry.
 */
export async function exchangePanelCode(
  deps: ConnectDeps,
  code: string,
  verifier: string,
  client: ClientInfo,
): Promise<{ session: AuthSessionResponse; space: PanelSpace }> {
  const content = openPanelCode(deps.secretBox, code, verifier, deps.auth.clock.now());
  let session: AuthSessionResponse;
  try {
    session = await refreshGrant(deps.auth, content.refreshToken, client);
  } catch (error) {
    // Used again after the grace period (the session is revoked by now), expired, or signed out meanwhile.
    if (isAuthRefusal(error)) {
      throw new AppError('invalid_connect_code', 'This sign-in link was already used. Please sign in again.');
    }
    throw error;
  }
  const space = await deps.prisma.space.findUnique({
    where: { id: content.spaceId },
    select: { id: true, name: true, storyblokSpaceId: true },
  });
  if (!space) throw new AppError('not_found', 'The space of this sign-in no longer exists in Polyblok.');
  return {
    session,
    space: { id: space.id, name: space.name, storyblok_space_id: Number(space.storyblokSpaceId) },
  };
}
