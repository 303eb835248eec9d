import type { z } from 'zod';
import type { GlossaryTerm, glossaryTermInput } from '#contract/glossary.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { termSelect, toGlossaryTerm } from './glossary-view.ts';
import { assertNoDuplicate, scopeLocaleIds } from './term-scope.ts';

type TermInput = z.output<typeof glossaryTermInput>;

const termNotFound = () =>
  new AppError('not_found', 'This glossary term is not in the space (it may have been deleted).');

const isMissingRow = (error: unknown) => (error as { code?: unknown } | null)?.code === 'P2025';

/** Alphabetical as people read it: case and accents do not split "apple" from "Apple". */
const byText = (a: GlossaryTerm, b: GlossaryTerm) =>
  a.translatable.localeCompare(b.translatable, 'en', { sensitivity: 'base' }) || a.id - b.id;

/** Every term, or with a language code the terms that apply to it: the global ones and that language's own. */
export async function listTerms(
  prisma: Database,
  spaceId: number,
  locale: string | undefined,
): Promise<{ terms: GlossaryTerm[] }> {
  const code = locale?.trim();
  let scope = {};
  if (code && code.toLowerCase() !== 'all') {
    const found = await prisma.spaceLocale.findFirst({
      where: { spaceId, code: { equals: code, mode: 'insensitive' } },
      select: { id: true },
    });
    if (!found) throw new AppError('not_found', `The language "${code}" is not one of this space's languages.`);
    scope = { OR: [{ isGlobal: true }, { locales: { some: { spaceLocaleId: found.id } } }] };
  }
  const rows = await prisma.glossaryTerm.findMany({ where: { spaceId, ...scope }, select: termSelect });
  return { terms: rows.map(toGlossaryTerm).sort(byText) };
}

async function audit(prisma: Database, spaceId: number, userId: string, action: string, termId: number, data = {}) {
  await prisma.auditEvent.create({
    data: { spaceId, actorId: userId, action, targetType: 'glossary_term', targetId: String(termId), data },
    select: { id: true },
  });
}

export async function createTerm(
  prisma: Database,
  spaceId: number,
  userId: string,
  input: TermInput,
): Promise<GlossaryTerm> {
  const localeIds = await scopeLocaleIds(prisma, spaceId, input);
  await assertNoDuplicate(prisma, spaceId, input, localeIds);
  const row = await prisma.glossaryTerm.create({
    data: {
      spaceId,
      translatable: input.translatable,
      translated: input.translated,
      description: input.description || null,
      caseSensitive: input.case_sensitive,
      doNotTranslate: input.do_not_translate,
      isGlobal: input.global,
      createdById: userId,
      locales: { create: localeIds.map((spaceLocaleId) => ({ spaceLocaleId })) },
    },
    select: termSelect,
  });
  await audit(prisma, spaceId, userId, 'glossary.term_added', row.id, { translatable: row.translatable });
  return toGlossaryTerm(row);
}

/**
 * Replaces the term's texts, scope and flags. A description left out of the request stays as it is (the
 * edit form may not show it); an empty one clears it.
 */
export async function updateTerm(
  prisma: Database,
  spaceId: number,
  userId: string,
  termId: number,
  input: TermInput,
): Promise<GlossaryTerm> {
  const current = await prisma.glossaryTerm.findFirst({ where: { id: termId, spaceId }, select: { id: true } });
  if (!current) throw termNotFound();
  const localeIds = await scopeLocaleIds(prisma, spaceId, input);
  await assertNoDuplicate(prisma, spaceId, input, localeIds, termId);
  try {
    const row = await prisma.glossaryTerm.update({
      where: { id: termId, spaceId },
      data: {
        translatable: input.translatable,
        translated: input.translated,
        ...(input.description === undefined ? {} : { description: input.description || null }),
        caseSensitive: input.case_sensitive,
        doNotTranslate: input.do_not_translate,
        isGlobal: input.global,
        locales: { deleteMany: {}, create: localeIds.map((spaceLocaleId) => ({ spaceLocaleId })) },
      },
      select: termSelect,
    });
    await audit(prisma, spaceId, userId, 'glossary.term_edited', termId, { translatable: row.translatable });
    return toGlossaryTerm(row);
  } catch (error) {
    // Deleted by someone else a moment ago.
    if (isMissingRow(error)) throw termNotFound();
    throw error;
  }
}

export async function deleteTerm(
  prisma: Database,
  spaceId: number,
  userId: string,
  termId: number,
): Promise<{ id: number }> {
  const removed = await prisma.glossaryTerm.deleteMany({ where: { id: termId, spaceId } });
  if (removed.count === 0) throw termNotFound();
  await audit(prisma, spaceId, userId, 'glossary.term_deleted', termId);
  return { id: termId };
}
