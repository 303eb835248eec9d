import { checkTranslation, type QaProblem } from '#contract/qa-rules.ts';
import { glossaryGaps, type GlossaryEntry } from '../../adapters/openai/item-checks.ts';
import type { Database } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { glossaryFor, styleGuideFor } from '../glossary/index.ts';
import { fieldLengthLimits } from './field-limits.ts';

/** A language of a space: the keys' translations in it are checked against the space's glossary for it. */
export interface LocaleOfSpace {
  id: number;
  spaceId: number;
}

/** What a translation in a language is checked against besides its source: the glossary and the style guide. */
export interface LocaleRules {
  glossary: GlossaryEntry[];
  avoid: readonly string[];
  /** Length limits of the components' fields, by "<component>\0<field>". */
  maxLengths?: ReadonlyMap<string, number>;
}

/**
 * The rules of a language: its glossary, the style guide's words to avoid and the components' length limits, of
 * the components of the keys `keysWhere` selects (`k`), or of every component of the space.
 */
export async function readLocaleRules(
  prisma: Database,
  locale: LocaleOfSpace,
  keysWhere?: Prisma.Sql,
): Promise<LocaleRules> {
  const components = keysWhere
    ? Prisma.sql`SELECT k.component FROM translatable_keys k WHERE ${keysWhere}`
    : Prisma.sql`SELECT c.name FROM storyblok_components c WHERE c.space_id = ${locale.spaceId}`;
  const [glossary, style, maxLengths] = await Promise.all([
    glossaryFor(prisma, locale.spaceId, locale.id),
    styleGuideFor(prisma, locale.id),
    fieldLengthLimits(prisma, locale.spaceId, components),
  ]);
  return { glossary, avoid: style?.avoid ?? [], maxLengths };
}

/** A key's source, as far as the checks look at it. */
export interface CheckedSource {
  fieldType: string;
  component: string;
  field: string;
  value: unknown;
  valueText: string;
}

/** The checks of a translation against its key's source and the language's rules (contract/qa-rules.ts). */
export function checkAgainstRules(
  source: CheckedSource,
  translation: { value: unknown; valueText: string },
  { glossary, avoid, maxLengths }: LocaleRules,
): QaProblem[] {
  const limit = maxLengths?.get(`${source.component}\0${source.field}`);
  return checkTranslation({
    fieldType: source.fieldType,
    source: source.value,
    translation: translation.value,
    sourceText: source.valueText,
    translationText: translation.valueText,
    glossaryMissing: glossaryGaps(source.valueText, translation.valueText, glossary),
    avoid,
    maxLength: limit && limit > 0 ? limit : null,
  });
}
