export type StoryblokErrorKind =
  'unauthorized' | 'not_found' | 'rate_limited' | 'unavailable' | 'rejected' | 'invalid_answer';

/** A failed Storyblok call, by what the product does about it (stop syncing, retry later, tell the user). */
export class StoryblokError extends Error {
  readonly kind: StoryblokErrorKind;
  readonly status: number;

  constructor(kind: StoryblokErrorKind, status: number, message: string) {
    super(message);
    this.name = 'StoryblokError';
    this.kind = kind;
    this.status = status;
  }
}

/**
 * storyblok-js-client rejects with `{ message, status, response }`, or `{ message }` when the network failed.
 * The message names what Storyblok answered; 429 and 5xx arrive here only after the retries.
 */
export function toStoryblokError(error: unknown): StoryblokError {
  if (error instanceof StoryblokError) return error;
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.replace(/\.$/, '') : 'no answer';
  if (typeof status !== 'number')
    return new StoryblokError('unavailable', 0, `Storyblok could not be reached (${text}).`);
  if (status === 401)
    return new StoryblokError(
      'unauthorized',
      status,
      'Storyblok refused the token (401): it is wrong, expired or revoked.',
    );
  if (status === 403) {
    return new StoryblokError(
      'unauthorized',
      status,
      'Storyblok does not let the token access this space or do this (403): its user may have lost access to the space, or their role there may not allow it.',
    );
  }
  if (status === 404) return new StoryblokError('not_found', status, `Storyblok no longer has it (404: ${text}).`);
  if (status === 429) {
    return new StoryblokError(
      'rate_limited',
      status,
      'Storyblok kept answering 429 Too Many Requests for this token, even after waiting and trying again.',
    );
  }
  if (status >= 500) {
    return new StoryblokError(
      'unavailable',
      status,
      `Storyblok had a failure of its own (${status}) that lasted through every retry.`,
    );
  }
  return new StoryblokError('rejected', status, `Storyblok refused the change (${status}: ${text}).`);
}
