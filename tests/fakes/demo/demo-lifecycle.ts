/**
 * What the demo started, stopped in reverse order exactly once, whether setup fails, Polyblok ends on its own
 * or the user presses Ctrl+C.
 */
export function createLifecycle() {
  const steps: Array<() => Promise<unknown>> = [];
  let stopping: Promise<void> | null = null;
  return {
    get stopping() {
      return stopping !== null;
    },
    /** Registers how to undo a step, right after the step started. */
    onStop(step: () => Promise<unknown>) {
      steps.push(step);
    },
    stop(): Promise<void> {
      stopping ??= (async () => {
        for (const step of steps.reverse()) {
          // One failed step must not leave the others running.
          await step().catch((error: unknown) => process.stderr.write(`${(error as Error).message}\n`));
        }
      })();
      return stopping;
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
