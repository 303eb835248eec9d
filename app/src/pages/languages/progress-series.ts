import type { LanguageProgress } from '#contract/progress.ts';
import { completionPercent } from '#kit/format/completion.ts';

const DAY = 86_400_000;

/** `2026-12-07` as the charts' axis shows it: `7 Dec`. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** One point per snapshot: the share of the keys translated and verified that day, as whole percents. */
export function completionSeries(language: LanguageProgress) {
  return language.days.map((day) => ({
    day: dayLabel(day.day),
    Translated: completionPercent(day.translated, day.keys),
    Verified: completionPercent(day.verified, day.keys),
  }));
}

/**
 * One bar per day of the window, the days nobody translated anything included, so the bars keep their places
 * in time. The window ends with the last day the answer has (today).
 */
export function wordsSeries(language: LanguageProgress, days = 90) {
  const last = language.days.at(-1)?.day ?? new Date().toISOString().slice(0, 10);
  const end = Date.parse(`${last}T00:00:00Z`);
  const byDay = new Map(language.words.map((day) => [day.day, day]));
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(end - (days - 1 - index) * DAY).toISOString().slice(0, 10);
    const found = byDay.get(day);
    return { day: dayLabel(day), People: found?.people ?? 0, AI: found?.ai ?? 0, Memory: found?.memory ?? 0 };
  });
}

/** The chart in one sentence: where the language stands and how it moved over the days shown. */
export function summary(language: LanguageProgress): string {
  const first = language.days[0];
  const last = language.days.at(-1);
  if (!first || !last) return 'No progress recorded yet.';
  const now = completionPercent(last.translated, last.keys);
  if (language.days.length < 2) return `${now}% translated today; the chart fills in day by day.`;
  const change = now - completionPercent(first.translated, first.keys);
  const moved = change === 0 ? 'unchanged' : `${change > 0 ? 'up' : 'down'} ${Math.abs(change)} points`;
  return `${now}% translated, ${moved} since ${dayLabel(first.day)}.`;
}
