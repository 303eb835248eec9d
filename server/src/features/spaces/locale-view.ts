import type { SpaceLocale } from '#contract/spaces.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

export const localeViewSelect = {
  id: true,
  code: true,
  name: true,
  translatedKeyCount: true,
  verifiedKeyCount: true,
  lastTranslationAt: true,
} satisfies Prisma.SpaceLocaleSelect;

export type LocaleViewRow = Prisma.SpaceLocaleGetPayload<{ select: typeof localeViewSelect }>;

/** A language of a space with its counts; missing counts are relative to the space's source keys. */
export function toSpaceLocale(locale: LocaleViewRow, sourceKeys: number): SpaceLocale {
  return {
    id: locale.id,
    code: locale.code,
    name: locale.name,
    translated_key_count: locale.translatedKeyCount,
    missing_translated_keys_count: Math.max(0, sourceKeys - locale.translatedKeyCount),
    missing_verified_translated_keys_count: Math.max(0, sourceKeys - locale.verifiedKeyCount),
    last_translation_at: locale.lastTranslationAt?.toISOString() ?? null,
  };
}
