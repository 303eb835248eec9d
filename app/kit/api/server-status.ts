/**
 * Whether Polyblok can save changes now, as its latest answer says: `database_unavailable` while the server
 * answers that its database cannot be reached, `unreachable` while no answer comes at all (or only a proxy's
 * 502–504), `available` as soon as any other answer arrives.
 */
export type ServerState =
  { kind: 'available' } | { kind: 'database_unavailable' | 'unreachable'; retryAfterSeconds: number | null };

export interface ServerStatus {
  /** The same object until the state changes, so React can subscribe to it. */
  current(): ServerState;
  subscribe(listener: () => void): () => void;
  /** What the API client learnt from a call. */
  report(state: ServerState): void;
}

const AVAILABLE: ServerState = { kind: 'available' };

export function createServerStatus(): ServerStatus {
  let state = AVAILABLE;
  const listeners = new Set<() => void>();
  return {
    current: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report(next) {
      const same =
        next.kind === state.kind &&
        (next.kind === 'available' ||
          (state.kind !== 'available' && next.retryAfterSeconds === state.retryAfterSeconds));
      if (same) return;
      state = next.kind === 'available' ? AVAILABLE : next;
      for (const listener of listeners) listener();
    },
  };
}

/** Retry-After as seconds (RFC 9110: a number of seconds, or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
