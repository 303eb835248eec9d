/** How far a long run had got at a moment (milliseconds since the epoch). */
export interface ProgressSample {
  at: number;
  done: number;
}

/** Below this much watching, a pace is mostly noise (a first batch landing at once, a slow start). */
const MIN_WATCHED_MS = 3_000;

/**
 * Milliseconds until `total` at the pace seen from `first` to `last`; null until there is a pace to go by
 * (watched long enough, and something done meanwhile).
 */
export function estimateTimeLeft(first: ProgressSample, last: ProgressSample, total: number): number | null {
  const watched = last.at - first.at;
  const progressed = last.done - first.done;
  if (watched < MIN_WATCHED_MS || progressed <= 0) return null;
  return (Math.max(total - last.done, 0) * watched) / progressed;
}

/** 'less than a minute left', 'about 4 min left', 'about 2 h 5 min left'. */
export function formatTimeLeft(ms: number): string {
  if (ms < 60_000) return 'less than a minute left';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest > 0 ? ` ${rest} min` : ''} left`;
}
