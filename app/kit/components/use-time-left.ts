import { useRef } from 'react';
import { estimateTimeLeft, formatTimeLeft, type ProgressSample } from '../format/time-left.ts';

/**
 * The time a long run (a sync, an AI run) has left, as words, at the pace seen since this screen first saw
 * it; null until there is a pace. `run` names the run: another one starts watching afresh.
 */
export function useTimeLeft(run: string | null, done: number, total: number): string | null {
  const first = useRef<{ run: string; sample: ProgressSample } | null>(null);
  if (run === null || total === 0) return null;
  const now = { at: Date.now(), done };
  const seen = first.current;
  if (seen === null || seen.run !== run || done < seen.sample.done) {
    first.current = { run, sample: now };
    return null;
  }
  const left = estimateTimeLeft(seen.sample, now, total);
  return left === null ? null : formatTimeLeft(left);
}
