import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';

/**
 * The languages a term applies to, checked against the space: a global term keeps none (it applies to every
 * language, so ids sent along with it are ignored), a specific one only languages of this space.
 */
export async function scopeLocaleIds(
  prisma: Database,
  spaceId: number,
  input: { global: boolean; locale_ids: number[] },
): Promise<number[]> {
  if (input.global) return [];
  const ids = [...new Set(input.locale_ids)];
  const found = await prisma.spaceLocale.findMany({ where: { spaceId, id: { in: ids } }, select: { id: true } });
  const known = new Set(found.map((locale) => locale.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length === 0) return ids;
  const message =
    unknown.length === 1
      ? `Choose languages of this space: language ${unknown[0]} is not one of them (it may have been deleted).`
      : `Choose languages of this space: languages ${unknown.join(', ')} are not among them (they may have been deleted).`;
  throw new AppError('invalid_request', message, [{ path: 'body.locale_ids', message }]);
}

/**
 * Two terms for the same source text in the same scope would give the AI two answers for one word: refused,
 * so the existing term is edited instead. A language-specific term next to a global one is an override and
 * allowed; so are two case-sensitive spellings ("Apple" the brand, "apple" the fruit).
 */
export async function assertNoDuplicate(
  prisma: Database,
  spaceId: number,
  term: { translatable: string; case_sensitive: boolean; global: boolean },
  localeIds: number[],
  exceptId?: number,
): Promise<void> {
  const same = await prisma.glossaryTerm.findMany({
    where: {
      spaceId,
      translatable: { equals: term.translatable, mode: 'insensitive' },
      ...(exceptId === undefined ? {} : { id: { not: exceptId } }),
    },
    select: {
      translatable: true,
      caseSensitive: true,
      isGlobal: true,
      locales: { select: { spaceLocale: { select: { id: true, name: true } } } },
    },
  });
  for (const other of same) {
    const clash = other.translatable === term.translatable || (!other.caseSensitive && !term.case_sensitive);
    if (!clash) continue;
    if (term.global && other.isGlobal) {
      throw new AppError(
        'conflict',
        `The glossary already has a global term "${other.translatable}". Edit that term instead.`,
      );
    }
    const shared = term.global ? undefined : other.locales.find((locale) => localeIds.includes(locale.spaceLocale.id));
    if (shared) {
      throw new AppError(
        'conflict',
        `The glossary already has "${other.translatable}" for ${shared.spaceLocale.name}. Edit that term instead.`,
      );
    }
  }
}
