import { recordAuditEvent } from '../../db/audit-events.ts';
import type { SpaceLocale } from '#contract/spaces.ts';
import { AppError } from '../../errors.ts';
import type { StoryblokLanguage } from '../../storyblok-access/index.ts';
import { refreshSpaceTotals } from '../content/index.ts';
import { localeViewSelect, toSpaceLocale } from './locale-view.ts';
import type { SpaceDeps } from './space-deps.ts';

interface LanguageInput {
  code: string;
  name: string;
}

async function ensureCodeFree(deps: SpaceDeps, spaceId: number, code: string, exceptId?: number): Promise<void> {
  const clash = await deps.prisma.spaceLocale.findFirst({
    where: { spaceId, code: { equals: code, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { code: true },
  });
  if (clash) throw new AppError('conflict', `The space already has a language with the code "${clash.code}".`);
}

async function findLocale(deps: SpaceDeps, spaceId: number, id: number) {
  const locale = await deps.prisma.spaceLocale.findFirst({ where: { id, spaceId }, select: { id: true, code: true } });
  if (!locale) throw new AppError('not_found', 'This language is not in the space (it may have been deleted).');
  return locale;
}

/** Writes the space's language list to Storyblok first: if Storyblok refuses, Polyblok changes nothing. */
async function mirror(
  deps: SpaceDeps,
  spaceId: number,
  change: (languages: StoryblokLanguage[]) => StoryblokLanguage[],
): Promise<void> {
  const storyblok = deps.storyblok.forSpace(spaceId);
  const remote = await storyblok.getSpace();
  await storyblok.setLanguages(change(remote.languages));
}

async function view(deps: SpaceDeps, spaceId: number, localeId: number): Promise<SpaceLocale> {
  const space = await deps.prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { translatableKeysCount: true },
  });
  const locale = await deps.prisma.spaceLocale.findUniqueOrThrow({ where: { id: localeId }, select: localeViewSelect });
  return toSpaceLocale(locale, space.translatableKeysCount);
}

export async function addLanguage(
  deps: SpaceDeps,
  spaceId: number,
  userId: string,
  input: LanguageInput,
): Promise<SpaceLocale> {
  await ensureCodeFree(deps, spaceId, input.code);
  await mirror(deps, spaceId, (languages) => [...languages.filter((language) => language.code !== input.code), input]);
  const locale = await deps.prisma.$transaction(async (tx) => {
    const created = await tx.spaceLocale.create({
      data: { spaceId, code: input.code, name: input.name },
      select: { id: true },
    });
    await recordAuditEvent(tx, {
      spaceId,
      actorId: userId,
      action: 'language.added',
      targetId: String(created.id),
      data: { ...input },
    });
    return created;
  });
  return view(deps, spaceId, locale.id);
}

/**
 * Renames a language or changes its code. Translations keep belonging to it; values Storyblok holds under
 * the old code stay there, and the next write-back writes them under the new one.
 */
export async function editLanguage(
  deps: SpaceDeps,
  spaceId: number,
  userId: string,
  input: LanguageInput & { id: number },
): Promise<SpaceLocale> {
  const current = await findLocale(deps, spaceId, input.id);
  await ensureCodeFree(deps, spaceId, input.code, input.id);
  await mirror(deps, spaceId, (languages) => {
    const others = languages.filter((language) => language.code !== current.code && language.code !== input.code);
    return [...others, { code: input.code, name: input.name }];
  });
  await deps.prisma.$transaction(async (tx) => {
    await tx.spaceLocale.update({
      where: { id: input.id },
      data: { code: input.code, name: input.name },
      select: { id: true },
    });
    await recordAuditEvent(tx, {
      spaceId,
      actorId: userId,
      action: 'language.edited',
      targetId: String(input.id),
      data: { from: current.code, ...input },
    });
  });
  return view(deps, spaceId, input.id);
}

/** Deletes a language with its translations in Polyblok; Storyblok's space no longer offers it either. */
export async function deleteLanguage(
  deps: SpaceDeps,
  spaceId: number,
  userId: string,
  id: number,
): Promise<{ id: number }> {
  const current = await findLocale(deps, spaceId, id);
  await mirror(deps, spaceId, (languages) => languages.filter((language) => language.code !== current.code));
  await deps.prisma.$transaction(async (tx) => {
    await tx.spaceLocale.delete({ where: { id }, select: { id: true } });
    await recordAuditEvent(tx, {
      spaceId,
      actorId: userId,
      action: 'language.deleted',
      targetId: String(id),
      data: { code: current.code },
    });
  });
  await refreshSpaceTotals(deps.prisma, spaceId);
  return { id };
}
