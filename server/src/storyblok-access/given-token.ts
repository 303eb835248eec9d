import { AppError } from '../errors.ts';
import { explainGivenTokenFailure } from './failures.ts';
import type { StoryblokAdapter } from './storyblok-adapter.ts';
import type { StoryblokOAuth } from './storyblok-oauth.ts';
import type { SpaceSummary, StoryblokAuth, StoryblokSpace } from './storyblok-types.ts';

/**
 * Storyblok through a token someone has just given: a personal access token typed to connect a space or to
 * replace a refused one, or an app install's token. Failures are theirs to hear: `invalid_token` when Storyblok
 * refuses the token, `not_found` when it has no such space for it, otherwise an outage.
 */
export interface GivenToken {
  /** The spaces the token may see, across every region Storyblok hosts spaces in. */
  listSpaces(): Promise<SpaceSummary[]>;
  getSpace(storyblokSpaceId: number): Promise<StoryblokSpace>;
  /**
   * An app install's token only: the e-mail address Storyblok holds for the installing user (the owner's from
   * space_info, a collaborator's from the collaborators list), or null when it names none.
   */
  installerEmail(storyblokSpaceId: number, storyblokUserId: number): Promise<string | null>;
}

export function givenToken(
  deps: { adapter: StoryblokAdapter; oauth: StoryblokOAuth | null },
  auth: StoryblokAuth,
): GivenToken {
  return {
    listSpaces: () => deps.adapter.listSpaces(auth).catch(explainGivenTokenFailure),
    getSpace: (storyblokSpaceId) => deps.adapter.getSpace(auth, storyblokSpaceId).catch(explainGivenTokenFailure),
    async installerEmail(storyblokSpaceId, storyblokUserId) {
      if (auth.kind !== 'oauth' || !deps.oauth) {
        throw new AppError('invalid_token', 'Only an app install’s token names the installing user');
      }
      return deps.oauth.userEmail(auth.token, storyblokSpaceId, storyblokUserId).catch(explainGivenTokenFailure);
    },
  };
}
