import { SLUG_FIELD_TYPE } from '#contract/slug-rules.ts';
import type { Database, DatabaseTransaction } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';

/**
 * Refuses a translated slug that another story or folder beside this one already answers to in the language:
 * its own translated slug there, or its slug where it has none (the language falls back to it). Two pages
 * cannot share one address.
 */
export async function assertSlugFree(
  prisma: Database | DatabaseTransaction,
  storyId: number,
  locale: { id: number; code: string },
  slug: string,
): Promise<void> {
  const [taken] = await prisma.$queryRaw<Array<{ name: string }>>`
    SELECT s.name
    FROM story_nodes me
    JOIN story_nodes s ON s.space_id = me.space_id AND s.id <> me.id
      AND s.storyblok_parent_id IS NOT DISTINCT FROM me.storyblok_parent_id
    LEFT JOIN translatable_keys k ON k.story_id = s.id AND k.field_type = ${SLUG_FIELD_TYPE}
    LEFT JOIN translations t ON t.translatable_key_id = k.id AND t.space_locale_id = ${locale.id}
    WHERE me.id = ${storyId} AND COALESCE(t.value #>> '{}', s.slug) = ${slug}
    LIMIT 1`;
  if (!taken) return;
  const message = `"${slug}" is already the address of "${taken.name}" beside this story in ${locale.code}: choose another slug.`;
  throw new AppError('invalid_slug', message, [{ path: 'body.value', message }]);
}
