import type { MemoryMatch } from '#contract/content.ts';
import type { AiItem } from '../../adapters/openai/ai-translator.ts';
import type { Database } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { readMemoryMatches } from '../content/index.ts';

/** The translation memory's matches of these keys in a language of their space (see readMemoryMatches). */
export function memoryOfKeys(
  prisma: Database,
  locale: { id: number; spaceId: number },
  keyIds: number[],
): Promise<Map<number, MemoryMatch[]>> {
  if (keyIds.length === 0) return Promise.resolve(new Map());
  return readMemoryMatches(prisma, locale, Prisma.sql`k.id = ANY(${keyIds}::int[])`);
}

/** The very same source's verified translation, reused as it is: no model request, nothing charged. */
export function sameSource(matches: MemoryMatch[] | undefined): MemoryMatch | null {
  const best = matches?.[0];
  return best && best.similarity === 100 ? best : null;
}

/** The alike sources' translations the model follows for a key's wording (best first). */
export function examplesOf(matches: MemoryMatch[] | undefined): NonNullable<AiItem['examples']> {
  return (matches ?? [])
    .filter((match) => match.similarity < 100)
    .map((match) => ({ source: match.source_text, translation: match.translation_text }));
}
