import { describe, expect, it } from 'vitest';
import {
  autoVerifies,
  combineScore,
  FORMALITY_PENALTY,
  notScored,
  QA_PENALTY,
  scoreBand,
  type ModelRating,
} from './ai-score-rules.ts';
import type { QaProblem } from './qa-rules.ts';

const rating = (adequacy: number, fluency: number, address: ModelRating['address'] = 'none'): ModelRating => ({
  adequacy,
  fluency,
  address,
});
const glossary: QaProblem = { code: 'glossary_term_missing', message: 'The translation lacks “Wetter-API”.' };
const number: QaProblem = { code: 'number_mismatch', message: 'The translation lacks the number “3”.' };

describe('the AI score of a translation', () => {
  it('is the lower of adequacy and fluency when nothing is found, with the rating as its reason', () => {
    expect(combineScore(rating(92, 88), [], 'default')).toEqual({
      score: 88,
      reasons: [{ code: 'model_rating', message: 'The AI rated adequacy 92 and fluency 88 of 100.' }],
    });
    expect(combineScore(rating(40, 95), [], 'formal').score).toBe(40);
  });

  it('loses a fixed penalty per QA finding, each named in the reasons', () => {
    const result = combineScore(rating(90, 95), [glossary, number], 'default');
    expect(result.score).toBe(90 - 2 * QA_PENALTY);
    expect(result.reasons.map((reason) => reason.code)).toEqual([
      'model_rating',
      'glossary_term_missing',
      'number_mismatch',
    ]);
    expect(result.reasons[1]!.message).toBe(`The translation lacks “Wetter-API”. (-${QA_PENALTY})`);
  });

  it('loses points for addressing the reader otherwise than the style guide asks, and only then', () => {
    const breach = combineScore(rating(90, 90, 'informal'), [], 'formal');
    expect(breach.score).toBe(90 - FORMALITY_PENALTY);
    expect(breach.reasons[1]).toMatchObject({ code: 'formality_breach' });
    expect(breach.reasons[1]!.message).toMatch(/asks to address the reader formally.*informally/);
    expect(combineScore(rating(90, 90, 'formal'), [], 'informal').reasons[1]).toMatchObject({
      code: 'formality_breach',
    });
    expect(combineScore(rating(90, 90, 'formal'), [], 'formal').score).toBe(90);
    expect(combineScore(rating(90, 90, 'none'), [], 'formal').score).toBe(90);
    expect(combineScore(rating(90, 90, 'informal'), [], 'default').score).toBe(90);
  });

  it('stays within 0-100', () => {
    expect(combineScore(rating(5, 10, 'informal'), [glossary, number], 'formal').score).toBe(0);
    expect(combineScore(rating(100, 100), [], 'default').score).toBe(100);
  });

  it('verifies automatically at or above the threshold only, and never with a finding against it', () => {
    const clean = combineScore(rating(85, 90), [], 'default');
    expect(autoVerifies(clean, 85)).toBe(true);
    expect(autoVerifies(clean, 84)).toBe(true);
    expect(autoVerifies(clean, 86)).toBe(false);
    expect(autoVerifies(clean, null)).toBe(false);
    expect(autoVerifies(combineScore(rating(100, 100), [number], 'default'), 50)).toBe(false);
    expect(autoVerifies(combineScore(rating(100, 100, 'informal'), [], 'formal'), 50)).toBe(false);
    expect(autoVerifies(notScored('the model was busy.'), 1)).toBe(false);
  });

  it('says why a translation has no score', () => {
    expect(notScored('the model did not rate it.')).toEqual({
      score: null,
      reasons: [{ code: 'not_scored', message: 'The AI could not score this translation: the model did not rate it.' }],
    });
  });

  it('bands scores for their badge', () => {
    expect([100, 80, 79, 50, 49, 0].map(scoreBand)).toEqual(['good', 'good', 'doubtful', 'doubtful', 'poor', 'poor']);
  });
});
