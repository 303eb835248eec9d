import type { ScoreRequest } from '#server/adapters/openai/score-prompt.ts';

/** Whole-word markers in an item's source that steer its rating (see README.md, "The scoring"). */
export const SCORE_MARKERS = {
  low: 'lowscore',
  unscorable: 'unscorable',
  formal: '[formal]',
  informal: '[informal]',
} as const;

export const FAKE_RATING = { adequacy: 92, fluency: 88 } as const;
export const FAKE_LOW_RATING = { adequacy: 35, fluency: 60 } as const;

const hasWord = (text: string, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[[\]]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(text);

/** A deterministic rating of each item of a scoring request, as the product's second pass asks for it. */
export function fakeScores(request: ScoreRequest): Record<string, unknown> {
  return Object.fromEntries(
    request.items.map((item) => {
      const rating = hasWord(item.source, SCORE_MARKERS.low) ? FAKE_LOW_RATING : FAKE_RATING;
      const address = item.source.includes(SCORE_MARKERS.informal)
        ? 'informal'
        : item.source.includes(SCORE_MARKERS.formal)
          ? 'formal'
          : 'none';
      // Out of range on purpose: a model answering nonsense for one item.
      const adequacy = hasWord(item.source, SCORE_MARKERS.unscorable) ? 150 : rating.adequacy;
      return [item.id, { adequacy, fluency: rating.fluency, address }];
    }),
  );
}
