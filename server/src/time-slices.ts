/**
 * Long computations that must not hold the server: written as generators that `yield` at points where they may
 * pause, and run either at once (small inputs, synchronous callers) or in slices that give way to the event loop
 * whenever one has run for `sliceMs` (a story of 20,000 keys takes hundreds of milliseconds to read and hash).
 */
export type Steps<T> = Generator<void, T, void>;

export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

export const DEFAULT_SLICE_MS = 10;

export async function runInSlices<T>(steps: Steps<T>, sliceMs = DEFAULT_SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/** `items.map(map)` as steps: one pause point per item. */
export function* mapSteps<T, R>(items: readonly T[], map: (item: T) => R): Steps<R[]> {
  const result: R[] = [];
  for (const item of items) {
    result.push(map(item));
    yield;
  }
  return result;
}
