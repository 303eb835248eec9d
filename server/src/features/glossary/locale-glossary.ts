import type { GlossaryEntry } from '../../adapters/openai/item-checks.ts';
import type { Database } from '../../db/prisma.ts';

/** The space's glossary for a target locale: global terms and the terms scoped to that locale. */
export async function glossaryFor(prisma: Database, spaceId: number, spaceLocaleId: number): Promise<GlossaryEntry[]> {
  const terms = await prisma.glossaryTerm.findMany({
    where: { spaceId, OR: [{ isGlobal: true }, { locales: { some: { spaceLocaleId } } }] },
    select: { translatable: true, translated: true, caseSensitive: true, doNotTranslate: true, description: true },
    orderBy: { id: 'asc' },
  });
  return terms.map((term) => ({
    term: term.translatable,
    translation: term.translated,
    case_sensitive: term.caseSensitive,
    do_not_translate: term.doNotTranslate,
    description: term.description,
  }));
}
