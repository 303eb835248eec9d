import type { PanelStory } from '#contract/connect.ts';
import type { Role } from '#contract/roles.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { TOKEN_ISSUE_MESSAGE, type StoryblokAccess } from '../../storyblok-access/index.ts';
import { askForImport } from '../content/index.ts';
import { toStoryblokRegion } from '../spaces/index.ts';
import { syncOneStory, type StorySyncOutcome } from '../sync/index.ts';

/** The story open in the Visual Editor as Polyblok holds it, with this story's progress in every language. */
export async function getPanelStory(
  deps: { prisma: Database; storyblok: Pick<StoryblokAccess, 'cdnUrl'> },
  spaceId: number,
  storyblokStoryId: number,
  role: Role,
): Promise<PanelStory> {
  const { prisma } = deps;
  const space = await prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: {
      id: true,
      name: true,
      storyblokSpaceId: true,
      defaultLocaleName: true,
      previewToken: true,
      region: true,
      locales: { select: { id: true, code: true, name: true }, orderBy: { code: 'asc' } },
    },
  });
  const node = await prisma.storyNode.findUnique({
    where: { spaceId_storyblokId: { spaceId, storyblokId: BigInt(storyblokStoryId) } },
    select: {
      id: true,
      name: true,
      fullSlug: true,
      isFolder: true,
      keyCount: true,
      storyblokUpdatedAt: true,
      contentHash: true,
      importError: true,
      stats: { select: { spaceLocaleId: true, translatedCount: true, verifiedCount: true } },
    },
  });
  const story = node && !node.isFolder ? node : null;
  const region = toStoryblokRegion(space.region, space.storyblokSpaceId);
  // Opened in the Visual Editor before the first sync reached it: the sync reads it next.
  if (story) await askForImport(prisma, spaceId, { ...story, isFolder: false });
  const statsByLocale = new Map(story?.stats.map((stat) => [stat.spaceLocaleId, stat]) ?? []);
  return {
    space: {
      id: space.id,
      name: space.name,
      storyblok_space_id: Number(space.storyblokSpaceId),
      default_locale_name: space.defaultLocaleName,
      preview_token: space.previewToken,
      region,
      cdn_url: deps.storyblok.cdnUrl(region),
    },
    role,
    story: story && {
      id: story.id,
      name: story.name,
      full_slug: story.fullSlug,
      key_count: story.keyCount,
      storyblok_updated_at: story.storyblokUpdatedAt?.toISOString() ?? null,
    },
    locales: space.locales.map((locale) => ({
      id: locale.id,
      code: locale.code,
      name: locale.name,
      translated_count: statsByLocale.get(locale.id)?.translatedCount ?? 0,
      verified_count: statsByLocale.get(locale.id)?.verifiedCount ?? 0,
    })),
  };
}

export interface PanelSyncDeps {
  prisma: Database;
  storyblok: StoryblokAccess;
}

/**
 * "Sync this story now". It runs while the person waits rather than as a queued job: it is one read of one
 * story, paced by the same per-token budget as every other Storyblok call, and the panel shows its result.
 */
export async function syncPanelStory(
  deps: PanelSyncDeps,
  spaceId: number,
  storyblokStoryId: number,
  role: Role,
): Promise<PanelStory & { outcome: StorySyncOutcome }> {
  const space = await deps.prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { hasTokenIssue: true } });
  if (space.hasTokenIssue) throw new AppError('token_issue', TOKEN_ISSUE_MESSAGE);
  const outcome = await syncOneStory(deps, spaceId, storyblokStoryId);
  return { ...(await getPanelStory(deps, spaceId, storyblokStoryId, role)), outcome };
}
