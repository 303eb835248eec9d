import type { Space, SpaceLocale } from '#contract/spaces.ts';

/**
 * Spec section 9: translated keys over the keys to translate, as a whole percent. Rounding never claims
 * 100% while a key is missing, nor 0% once one is done: the bar is read as "finished" or "not started".
 */
export function completionPercent(translated: number, total: number): number {
  if (total <= 0) return 0;
  const percent = Math.round((translated / total) * 100);
  if (percent >= 100 && translated < total) return 99;
  if (percent <= 0 && translated > 0) return 1;
  return Math.min(100, percent);
}

/** A space: its translated keys over (source keys times its languages). */
export function spaceCompletion(
  space: Pick<Space, 'translated_keys_count' | 'translatable_keys_count'> & { space_locales: readonly unknown[] },
): number {
  return completionPercent(space.translated_keys_count, space.translatable_keys_count * space.space_locales.length);
}

/** One language: its translated keys over the space's source keys. */
export function localeCompletion(locale: Pick<SpaceLocale, 'translated_key_count'>, sourceKeys: number): number {
  return completionPercent(locale.translated_key_count, sourceKeys);
}

/** Keys with a translation that nobody verified yet. */
export function unverifiedCount(
  locale: Pick<SpaceLocale, 'missing_translated_keys_count' | 'missing_verified_translated_keys_count'>,
): number {
  return Math.max(0, locale.missing_verified_translated_keys_count - locale.missing_translated_keys_count);
}

/** Nothing left to do in the language: every key translated and verified. */
export function isLocaleComplete(
  locale: Pick<SpaceLocale, 'missing_translated_keys_count' | 'missing_verified_translated_keys_count'>,
): boolean {
  return locale.missing_translated_keys_count === 0 && locale.missing_verified_translated_keys_count === 0;
}
