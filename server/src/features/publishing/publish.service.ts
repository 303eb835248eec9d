import type { LanguagePublication } from '#contract/publish-rules.ts';
import { formatQuantity } from '#contract/quantity.ts';
import { recordAuditEvent } from '../../db/audit-events.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { StoryblokAccess } from '../../storyblok-access/index.ts';
import { localeInSpace, publicationOf, type StoredLanguagePublication } from '../content/index.ts';
import { writeBackStateOf, writeBackStory } from '../write-back/index.ts';
import { incompleteKeys } from './incomplete-keys.ts';
import { publishRuleOf } from './publish-rule.ts';

export interface PublishDeps {
  prisma: Database;
  storyblok: StoryblokAccess;
}

/** At most this many incomplete keys are listed in a refusal; its message counts them all. */
const LISTED_KEYS = 200;

export const PUBLISHING_OFF_MESSAGE =
  'This Storyblok space publishes every language of a story together, so Polyblok cannot publish one language ' +
  'alone. An admin of the Storyblok space turns on “Publish translations individually” in Storyblok (Settings → ' +
  'Internationalization); then publish again. Nothing was changed.';

/**
 * Publishes a story in some languages: refused, changing nothing, while a language is not complete by the rule
 * or the Storyblok space does not publish languages individually. Otherwise the story's translations are
 * written through the write-back (the same write as after a save), then those languages, and no other, are
 * published. A failure leaves the translations written and nothing published; publishing again retries.
 */
export async function publishStory(
  deps: PublishDeps,
  spaceId: number,
  userId: string,
  input: { story_id: number; space_locale_ids: number[] },
) {
  const { prisma } = deps;
  const story = await prisma.storyNode.findFirst({
    where: { id: input.story_id, spaceId, isFolder: false },
    select: { id: true, name: true, storyblokId: true, contentHash: true, isIgnored: true, kind: true },
  });
  if (!story)
    throw new AppError('not_found', 'This story is not in the space (it may have been deleted in Storyblok).');
  if (story.kind !== 'story') {
    throw new AppError(
      'conflict',
      `“${story.name}” is a datasource: Storyblok serves its entries as soon as they are written, with nothing to publish.`,
    );
  }
  const locales = [];
  for (const id of new Set(input.space_locale_ids)) locales.push(await localeInSpace(prisma, spaceId, id));
  if (story.isIgnored) {
    throw new AppError('conflict', `“${story.name}” is ignored in Polyblok, so it is not published from here.`);
  }
  if (story.contentHash === null) {
    throw new AppError(
      'translation_incomplete',
      `“${story.name}” is still being imported from Storyblok: its keys are not known yet. Publish it once the sync has read it.`,
      { incompleteKeys: [] },
    );
  }
  const space = await prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { publishRequires: true, writeBackMode: true },
  });
  const rule = publishRuleOf(space);
  const missing = await incompleteKeys(
    prisma,
    story.id,
    locales.map((locale) => locale.id),
    rule,
  );
  if (missing.length > 0) {
    const blocked = locales.filter((locale) => missing.some((key) => key.space_locale_id === locale.id));
    const names = blocked.map((locale) => locale.name).join(', ');
    throw new AppError(
      'translation_incomplete',
      `“${story.name}” cannot be published in ${names} yet: ${formatQuantity(missing.length, 'key is', 'keys are')} not ${rule}. Nothing was published.`,
      { incompleteKeys: missing.slice(0, LISTED_KEYS) },
    );
  }

  const storyblok = deps.storyblok.forSpace(spaceId);
  const remote = await storyblok.getSpace();
  await prisma.space.update({
    where: { id: spaceId },
    data: { publishesLanguagesIndividually: remote.publishesLanguagesIndividually },
    select: { id: true },
  });
  if (!remote.publishesLanguagesIndividually) throw new AppError('publishing_individually_off', PUBLISHING_OFF_MESSAGE);

  await writeBackStory(deps, story.id);
  for (const locale of locales) {
    const state = await writeBackStateOf(prisma, story.id, locale.id);
    if (state && state.state !== 'written') {
      throw new AppError(
        'conflict',
        `Not every translation of “${story.name}” in ${locale.name} could be written to Storyblok${state.error ? `: ${state.error}` : '.'} Nothing was published.`,
      );
    }
  }

  const published = await publishInStoryblok(
    storyblok,
    Number(story.storyblokId),
    locales.map((l) => l.code),
  );
  const stored = published.translated_stories ? publicationOf(published.translated_stories) : null;
  await prisma.storyNode.update({
    where: { id: story.id },
    data: {
      published: published.published,
      unpublishedChanges: published.unpublished_changes,
      ...(stored ? { translatedStories: stored } : {}),
    },
    select: { id: true },
  });
  await recordAuditEvent(prisma, {
    spaceId,
    actorId: userId,
    action: 'story.published',
    targetType: 'story',
    targetId: String(story.id),
    data: { name: story.name, codes: locales.map((locale) => locale.code) },
  });
  return {
    story_id: story.id,
    languages: locales.map((locale) => ({
      space_locale_id: locale.id,
      code: locale.code,
      ...languageState(stored ?? [], locale.code),
    })),
  };
}

/** Storyblok's refusal, said as a refused publish; the translations are written by then, and publishing again retries. */
async function publishInStoryblok(
  storyblok: ReturnType<StoryblokAccess['forSpace']>,
  storyblokId: number,
  codes: string[],
) {
  try {
    return await storyblok.publishLanguages(storyblokId, codes);
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'token_issue') throw error;
    throw new AppError(error.code, `Storyblok did not publish the story: ${error.message}`, { status: error.status });
  }
}

function languageState(
  stored: StoredLanguagePublication[],
  code: string,
): { publication: LanguagePublication; published_at: string | null } {
  const entry = stored.find((item) => item.lang === code && item.published_at !== null);
  if (!entry) return { publication: 'never', published_at: null };
  return {
    publication: entry.unpublished_changes ? 'unpublished_changes' : 'published',
    published_at: new Date(entry.published_at!).toISOString(),
  };
}
