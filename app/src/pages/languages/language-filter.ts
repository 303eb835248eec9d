import type { SpaceLocale } from '#contract/spaces.ts';
import { isLocaleComplete } from '#kit/format/completion.ts';

export const languageTabs = ['all', 'todo', 'completed'] as const;
export type LanguageTab = (typeof languageTabs)[number];

export const languageTabLabels: Record<LanguageTab, string> = { all: 'All', todo: 'To do', completed: 'Completed' };

/**
 * The tabs really filter (PRODUCT.md): 'To do' holds languages with a key to translate or to verify,
 * 'Completed' those where every key is translated and verified. A space without source keys (not synced
 * yet) has nothing completed: an empty language is not a finished one.
 */
function isCompleted(locale: SpaceLocale, sourceKeys: number): boolean {
  return sourceKeys > 0 && isLocaleComplete(locale);
}

export function filterLanguages<L extends SpaceLocale>(
  locales: readonly L[],
  tab: LanguageTab,
  sourceKeys: number,
): L[] {
  if (tab === 'all') return [...locales];
  return locales.filter((locale) => isCompleted(locale, sourceKeys) === (tab === 'completed'));
}

export function languageTabCounts(locales: readonly SpaceLocale[], sourceKeys: number): Record<LanguageTab, number> {
  const completed = locales.filter((locale) => isCompleted(locale, sourceKeys)).length;
  return { all: locales.length, todo: locales.length - completed, completed };
}

export function isLanguageTab(value: string | null): value is LanguageTab {
  return value !== null && (languageTabs as readonly string[]).includes(value);
}
