import { StoryblokError } from '../../adapters/storyblok/storyblok-error.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';

export const TOKEN_ISSUE_MESSAGE = 'Sync has been stopped with the Storyblok Space, please provide a valid token';

/** What a person is told when a call to Storyblok with a token they just typed fails. */
export function explainStoryblokFailure(error: unknown): never {
  if (!(error instanceof StoryblokError)) throw error;
  if (error.kind === 'unauthorized') throw new AppError('invalid_token', 'Invalid personal access token');
  if (error.kind === 'not_found') throw new AppError('not_found', 'Storyblok has no such space for this token.');
  if (error.kind === 'rejected') throw new AppError('conflict', `Storyblok refused the change: ${error.message}`);
  throw new AppError(
    'storyblok_unavailable',
    'Storyblok could not be reached. Nothing was changed; please try again in a moment.',
  );
}

/**
 * The same for a call made with the space's stored token: a refusal means the token stopped working, which
 * stops the space's syncing until an admin gives a new one.
 */
export async function explainStoredTokenFailure(prisma: Database, spaceId: number, error: unknown): Promise<never> {
  if (error instanceof StoryblokError && error.kind === 'unauthorized') {
    await prisma.space.update({ where: { id: spaceId }, data: { hasTokenIssue: true }, select: { id: true } });
    throw new AppError('token_issue', TOKEN_ISSUE_MESSAGE);
  }
  return explainStoryblokFailure(error);
}
