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

/** storyblok-js-client rejects with `{ message, status, response }`, or `{ message }` when the network failed. */
export function toStoryblokError(error: unknown): StoryblokError {
  if (error instanceof StoryblokError) return error;
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : 'Storyblok did not answer';
  if (typeof status !== 'number')
    return new StoryblokError('unavailable', 0, `Storyblok could not be reached: ${text}`);
  if (status === 401 || status === 403)
    return new StoryblokError('unauthorized', status, `Storyblok refused the token: ${text}`);
  if (status === 404) return new StoryblokError('not_found', status, `Not found in Storyblok: ${text}`);
  if (status === 429)
    return new StoryblokError('rate_limited', status, 'Storyblok is rate limiting this token; try again shortly.');
  if (status >= 500) return new StoryblokError('unavailable', status, `Storyblok is unavailable (${status}): ${text}`);
  return new StoryblokError('rejected', status, `Storyblok rejected the request (${status}): ${text}`);
}
