import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';

export interface KeyRef {
  key: string;
  story_id?: number | undefined;
}

/**
 * The key a request names. Key strings are made of blok uids, unique in practice; a story copied in
 * Storyblok can repeat them, and then the request must name the story.
 */
export async function resolveKey(prisma: Database, spaceId: number, ref: KeyRef) {
  const matches = await prisma.translatableKey.findMany({
    where: { spaceId, key: ref.key, ...(ref.story_id ? { storyId: ref.story_id } : {}) },
    select: { id: true, key: true, hash: true, fieldType: true, valueText: true, storyId: true },
    take: 2,
  });
  if (matches.length === 0) throw keyGone();
  if (matches.length > 1) throw keyInSeveralStories();
  return matches[0]!;
}

/** What a request answers that names a key by a string several stories of the space repeat. */
export function keyInSeveralStories(): AppError {
  return new AppError('invalid_request', 'This key is in several stories; say which one.', [
    { path: 'body.story_id', message: 'Name the story of the key' },
  ]);
}

export function keyGone(): AppError {
  return new AppError(
    'not_found',
    'This key is not in the space any more (its story changed in Storyblok); reload the story.',
  );
}
