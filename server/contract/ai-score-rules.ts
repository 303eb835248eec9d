import type { Formality } from './style-guide-rules.ts';
import type { QaProblem } from './qa-rules.ts';

// The AI quality estimate of a translation, the same on the server (which stores it) and in the browser (its
// badge): the lower of the model's adequacy and fluency ratings, minus a fixed penalty per problem the checks
// find (each QA finding, a missing glossary term among them) and for a breach of the style guide's formality,
// kept within 0-100. The lower rating leads because a fluent mistranslation is as bad as a faithful stumble.

/** Points off per QA finding (placeholders, markup, numbers, glossary terms, words to avoid...). */
export const QA_PENALTY = 10;
/** Points off when the translation addresses the reader otherwise than the style guide asks. */
export const FORMALITY_PENALTY = 20;

export type AiScoreReasonCode = 'model_rating' | 'formality_breach' | 'not_scored' | QaProblem['code'];

export interface AiScoreReason {
  code: AiScoreReasonCode;
  message: string;
}

/** How the reader is addressed, as the model read the translation. */
export type Address = 'formal' | 'informal' | 'none';

export interface ModelRating {
  /** 0-100: how fully and faithfully the translation says what the source says. */
  adequacy: number;
  /** 0-100: how naturally it reads in the target language. */
  fluency: number;
  address: Address;
}

export interface AiScore {
  score: number | null;
  reasons: AiScoreReason[];
}

/** The reasons of a translation that could not be scored (the model failed or answered nonsense). */
export function notScored(why: string): AiScore {
  return { score: null, reasons: [{ code: 'not_scored', message: `The AI could not score this translation: ${why}` }] };
}

/** Whether addressing the reader this way breaks the style guide's formality. */
export function breachesFormality(formality: Formality, address: Address): boolean {
  return (formality === 'formal' && address === 'informal') || (formality === 'informal' && address === 'formal');
}

/** The score and its reasons, from the model's rating, the QA findings and the style guide's formality. */
export function combineScore(rating: ModelRating, qa: readonly QaProblem[], formality: Formality): AiScore {
  const reasons: AiScoreReason[] = [
    { code: 'model_rating', message: `The AI rated adequacy ${rating.adequacy} and fluency ${rating.fluency} of 100.` },
  ];
  let score = Math.min(rating.adequacy, rating.fluency);
  for (const problem of qa) {
    score -= QA_PENALTY;
    reasons.push({ code: problem.code, message: `${problem.message} (-${QA_PENALTY})` });
  }
  if (breachesFormality(formality, rating.address)) {
    score -= FORMALITY_PENALTY;
    reasons.push({
      code: 'formality_breach',
      message: `The style guide asks to address the reader ${formality}ly; this translation addresses them ${rating.address}ly. (-${FORMALITY_PENALTY})`,
    });
  }
  return { score: Math.max(0, Math.min(100, Math.round(score))), reasons };
}

/**
 * Whether a scored AI translation is stored verified under the space's `auto_verify_min_score`: at or above it,
 * and nothing found against it (no QA finding, no formality breach).
 */
export function autoVerifies(result: AiScore, minScore: number | null): boolean {
  if (minScore === null || result.score === null || result.score < minScore) return false;
  return result.reasons.every((reason) => reason.code === 'model_rating');
}

/** The badge colour band of a score: good from 80, doubtful from 50, poor below. */
export function scoreBand(score: number): 'good' | 'doubtful' | 'poor' {
  return score >= 80 ? 'good' : score >= 50 ? 'doubtful' : 'poor';
}

/** The most `auto_verify_min_score` takes, and the least. */
export const AUTO_VERIFY_MIN = 1;
export const AUTO_VERIFY_MAX = 100;
