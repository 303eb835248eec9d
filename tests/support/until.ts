/**
 * Reads until the answer is what the test waits for, and answers it; fails with what was awaited after the time.
 * Background work (jobs, write-back, syncs) ends when it ends: a test waits for its outcome, never a fixed time.
 */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  {
    timeoutMs = 20_000,
    what = 'condition',
    everyMs = 100,
  }: { timeoutMs?: number; what?: string; everyMs?: number } = {},
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not reached in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
