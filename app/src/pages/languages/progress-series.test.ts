import { describe, expect, it } from 'vitest';
import type { LanguageProgress } from '#contract/progress.ts';
import { completionSeries, summary, wordsSeries } from './progress-series.ts';

const language = (days: LanguageProgress['days'], words: LanguageProgress['words'] = []): LanguageProgress => ({
  space_locale_id: 1,
  code: 'de',
  name: 'German',
  days,
  words,
});

describe('progress series', () => {
  const days = [
    { day: '2026-11-30', keys: 200, translated: 50, verified: 10 },
    { day: '2026-12-07', keys: 200, translated: 199, verified: 120 },
  ];

  it('gives each snapshot its percents, never 100 while a key is missing', () => {
    expect(completionSeries(language(days))).toEqual([
      { day: '30 Nov', Translated: 25, Verified: 5 },
      { day: '7 Dec', Translated: 99, Verified: 60 },
    ]);
  });

  it('has a bar for every day of the window, ending today, with the days nobody translated at zero', () => {
    const series = wordsSeries(language(days, [{ day: '2026-12-06', people: 12, ai: 300, memory: 4 }]), 7);
    expect(series.map((day) => day.day)).toEqual(['1 Dec', '2 Dec', '3 Dec', '4 Dec', '5 Dec', '6 Dec', '7 Dec']);
    expect(series[5]).toEqual({ day: '6 Dec', People: 12, AI: 300, Memory: 4 });
    expect(series[6]).toEqual({ day: '7 Dec', People: 0, AI: 0, Memory: 0 });
  });

  it('says in one sentence where the language stands and how it moved', () => {
    expect(summary(language(days))).toBe('99% translated, up 74 points since 30 Nov.');
    expect(summary(language(days.slice(1)))).toBe('99% translated today; the chart fills in day by day.');
    expect(summary(language([]))).toBe('No progress recorded yet.');
  });
});
