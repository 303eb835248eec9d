import type { FolderRunEstimate, TranslationBatch } from './content-writes.ts';

/** What `translateFolder` answered: the estimate of a dry run, else the run it started. */
export const isFolderRunEstimate = (answer: TranslationBatch | FolderRunEstimate): answer is FolderRunEstimate =>
  'model_requests' in answer;

/** The run `translateFolder` started (an answer to a call without `dry_run`). */
export function startedRun(answer: TranslationBatch | FolderRunEstimate): TranslationBatch {
  if (isFolderRunEstimate(answer)) throw new Error('translateFolder answered an estimate, not a run');
  return answer;
}
