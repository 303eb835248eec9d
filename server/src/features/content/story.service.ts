import type { StoryDetail } from '#contract/content.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { writeBackStateOf } from '../write-back/index.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { editingNow } from './presence.service.ts';
import { askForImport } from './story-import-state.ts';
import { readStoryKeys } from './story-keys.ts';

/** A story with every translatable key in the editor's order, its status and translation in the locale. */
export async function getStoryDetail(
  prisma: Database,
  storyId: number,
  localeCode: string,
  userId: string,
): Promise<StoryDetail> {
  const node = await storyWithLocale(prisma, storyId, localeCode);
  if (!node || node.isFolder)
    throw new AppError('not_found', 'This story is not in the space (it may have been deleted in Storyblok).');
  if (node.localeId === null)
    throw new AppError('not_found', `The language "${localeCode}" is not one of this space's languages.`);
  const locale = { id: node.localeId, spaceId: node.spaceId, hasMemory: node.hasMemory };
  // Independent reads, each on a connection of its own where the pool has them.
  const [importing, keys, writeBack, editing] = await Promise.all([
    askForImport(prisma, node.spaceId, node),
    readStoryKeys(prisma, locale, storyId),
    writeBackStateOf(prisma, storyId, locale.id),
    editingNow(prisma, storyId, userId),
  ]);
  const count = (status: string) => keys.filter((key) => key.status === status).length;
  return {
    id: node.id,
    kind: node.kind === 'datasource' ? 'datasource' : 'story',
    storyblok_id: Number(node.storyblokId),
    name: node.name,
    slug: node.slug,
    full_slug: node.fullSlug,
    published: node.published,
    unpublished_changes: node.unpublishedChanges,
    storyblok_updated_at: node.storyblokUpdatedAt?.toISOString() ?? null,
    space_id: node.spaceId,
    space_locale_id: locale.id,
    counts: {
      all: keys.length,
      missing: count('missing'),
      unverified: count('unverified'),
      completed: count('verified'),
      requested: count('translation_requested'),
    },
    translatable_keys: keys,
    import_problem:
      node.importError !== null
        ? { reason: node.importError, at: (node.importErrorAt ?? new Date()).toISOString() }
        : null,
    importing,
    skipped_components: node.skippedComponents,
    editing_now: editing,
    write_back: writeBack,
    folder_id: node.parentId,
  };
}

interface StoryRow {
  id: number;
  spaceId: number;
  storyblokId: bigint;
  isFolder: boolean;
  kind: 'story' | 'datasource' | 'datasource_folder';
  name: string;
  slug: string;
  fullSlug: string;
  published: boolean;
  unpublishedChanges: boolean;
  storyblokUpdatedAt: Date | null;
  contentHash: string | null;
  importError: string | null;
  importErrorAt: Date | null;
  skippedComponents: string[];
  parentId: number | null;
  /** The space's language of the code asked for; null when the space has none. */
  localeId: number | null;
  /** The language has verified translations: its translation memory is not empty. */
  hasMemory: boolean;
}

/** The story and its space's language of the code, in one statement: the first of the story screen's reads. */
async function storyWithLocale(prisma: Database, storyId: number, code: string): Promise<StoryRow | undefined> {
  const [row] = await prisma.$queryRaw<StoryRow[]>(Prisma.sql`
    SELECT n.id, n.space_id AS "spaceId", n.storyblok_id AS "storyblokId", n.is_folder AS "isFolder", n.kind::text,
           n.name, n.slug,
           n.full_slug AS "fullSlug", n.published, n.unpublished_changes AS "unpublishedChanges",
           n.storyblok_updated_at AS "storyblokUpdatedAt", n.content_hash AS "contentHash",
           n.import_error AS "importError", n.import_error_at AS "importErrorAt",
           n.skipped_components AS "skippedComponents", n.parent_id AS "parentId", l.id AS "localeId",
           COALESCE(l.verified_key_count > 0, false) AS "hasMemory"
    FROM story_nodes n
    LEFT JOIN space_locales l ON l.space_id = n.space_id AND l.code = ${code}
    WHERE n.id = ${storyId}`);
  return row;
}
