import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

interface InFlight {
  /** The address shown when the first of these changes was made. */
  from: string;
  /** The addresses asked for, in order, that the router has not shown yet. */
  targets: string[];
}

/**
 * The address's parameters, with changes that build on each other. react-router's setter starts from the address
 * of the last render, so two changes made before the router shows the first (typed words sent after their pause
 * in the same moment a status is picked) would keep only the second. Each change here starts from the last one
 * asked for while the router has not caught up with it, and from the shown address once it has, or once someone
 * else (a link, the back button) moved it.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(params.toString());
  shown.current = params.toString();
  const inFlight = useRef<InFlight | null>(null);

  const change = useCallback(
    (edit: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const now = shown.current;
      const flight = inFlight.current;
      let base = now;
      if (flight) {
        const reached = flight.targets.indexOf(now);
        const waiting = reached >= 0 ? flight.targets.slice(reached + 1) : now === flight.from ? flight.targets : [];
        inFlight.current = waiting.length > 0 ? { from: now, targets: waiting } : null;
        base = waiting.at(-1) ?? now;
      }
      const next = edit(new URLSearchParams(base)).toString();
      const current = inFlight.current;
      inFlight.current = current
        ? { from: current.from, targets: [...current.targets, next] }
        : { from: now, targets: [next] };
      setParams(next, options);
    },
    [setParams],
  );
  return [params, change] as const;
}
