import type { GlossaryTerm } from '#contract/glossary.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/** What a term answer is built from. */
export const termSelect = {
  id: true,
  translatable: true,
  translated: true,
  isGlobal: true,
  description: true,
  caseSensitive: true,
  doNotTranslate: true,
  updatedAt: true,
  locales: { select: { spaceLocale: { select: { id: true, code: true, name: true } } } },
} satisfies Prisma.GlossaryTermSelect;

export type TermRow = Prisma.GlossaryTermGetPayload<{ select: typeof termSelect }>;

export function toGlossaryTerm(row: TermRow): GlossaryTerm {
  return {
    id: row.id,
    translatable: row.translatable,
    translated: row.translated,
    global: row.isGlobal,
    locales: row.locales
      .map(({ spaceLocale }) => ({ id: spaceLocale.id, code: spaceLocale.code, name: spaceLocale.name }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    description: row.description,
    case_sensitive: row.caseSensitive,
    do_not_translate: row.doNotTranslate,
    updated_at: row.updatedAt.toISOString(),
  };
}
