import type { ErrorCode } from '#contract/errors.ts';
import { AppError } from '../errors.ts';
import { StoryblokError } from './storyblok-error.ts';

/**
 * A Storyblok call that failed for a reason other than the token: an outage, a rate limit, a refused change, a
 * missing story. It reaches a client as an ordinary API error; a background job retries what may pass.
 */
export class StoryblokFailure extends AppError {
  readonly #retryable: boolean;

  constructor(code: ErrorCode, message: string, retryable: boolean) {
    super(code, message);
    this.name = 'StoryblokFailure';
    this.#retryable = retryable;
  }

  override get retryable(): boolean {
    return this.#retryable;
  }
}

/** What a failed call means for the product, in words a person can act on. */
export function toFailure(error: StoryblokError): StoryblokFailure {
  switch (error.kind) {
    case 'not_found':
      return new StoryblokFailure('not_found', error.message, false);
    // A story an editor has locked is refused with 422 and accepted once they are done: worth another try.
    case 'rejected':
      return new StoryblokFailure(
        'conflict',
        `${error.message} Once that is sorted out in Storyblok (a story unlocked, for example), try again.`,
        true,
      );
    case 'rate_limited':
      return new StoryblokFailure('storyblok_unavailable', `${error.message} Please try again in a minute.`, true);
    default:
      return new StoryblokFailure('storyblok_unavailable', `${error.message} Please try again in a few minutes.`, true);
  }
}

/**
 * Failures of a call made with a token someone has just given (connecting a space, replacing a token, an app
 * install): a refusal is about that token, and they are the one to hear it.
 */
export function explainGivenTokenFailure(error: unknown): never {
  if (!(error instanceof StoryblokError)) throw error;
  if (error.kind === 'unauthorized' && error.status === 403) {
    throw new AppError(
      'invalid_token',
      'Storyblok does not let this token access the space (403). Use a personal access token of a Storyblok user who is an admin of the space.',
    );
  }
  if (error.kind === 'unauthorized') throw new AppError('invalid_token', 'Invalid personal access token');
  if (error.kind === 'not_found') throw new AppError('not_found', 'Storyblok has no such space for this token.');
  throw toFailure(error);
}
