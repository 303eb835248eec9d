import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { SpaceRef } from '../../http/space-access.ts';

/** The space a story belongs to, for the space check (found in its statement); none when there is no such story. */
export function spaceOfStory(storyId: number): SpaceRef {
  return { spaceIdSql: Prisma.sql`SELECT space_id FROM story_nodes WHERE id = ${storyId}` };
}

/** What a story route answers for a story that is not there, or not in a space of the caller's. */
export function storyNotFound(): AppError {
  return new AppError(
    'not_found',
    'Story not found. It may have been deleted in Storyblok, or it is in a space you have not joined.',
  );
}

/** The space a language belongs to, for the space check (found in its statement); none when there is none. */
export function spaceOfLocale(spaceLocaleId: number): SpaceRef {
  return { spaceIdSql: Prisma.sql`SELECT space_id FROM space_locales WHERE id = ${spaceLocaleId}` };
}

export async function localeByCode(
  prisma: Database,
  spaceId: number,
  code: string,
): Promise<{ id: number; code: string; name: string }> {
  const locale = await prisma.spaceLocale.findFirst({
    where: { spaceId, code },
    select: { id: true, code: true, name: true },
  });
  if (!locale) throw new AppError('not_found', `The language "${code}" is not one of this space's languages.`);
  return locale;
}

/** A language of the member's space; a language of another space does not exist for them. */
export async function localeInSpace(
  prisma: Database,
  spaceId: number,
  spaceLocaleId: number,
): Promise<{ id: number; code: string; name: string }> {
  const locale = await prisma.spaceLocale.findFirst({
    where: { id: spaceLocaleId, spaceId },
    select: { id: true, code: true, name: true },
  });
  if (!locale) throw new AppError('not_found', 'This language is not one of this space’s languages.');
  return locale;
}
