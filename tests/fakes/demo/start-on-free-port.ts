import { DemoSetupError } from './demo-settings.ts';

const portsToTry = 20;

const isPortTaken = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';

/**
 * Starts a local stand-in on the port asked for (`chosen`, from a DEMO_*_PORT variable), or on its usual port
 * or the next free one after it, so a port held by something else costs no one a restart.
 */
export async function startOnFreePort<T>(options: {
  what: string;
  chosen: number | null;
  usual: number;
  variable: string;
  start: (port: number) => Promise<T>;
}): Promise<T> {
  const { what, chosen, usual, variable } = options;
  const candidates = chosen === null ? Array.from({ length: portsToTry }, (_, i) => usual + i) : [chosen];
  for (const port of candidates) {
    try {
      return await options.start(port);
    } catch (error) {
      if (!isPortTaken(error)) throw error;
    }
  }
  throw new DemoSetupError(
    chosen === null
      ? `Ports ${usual} to ${usual + portsToTry - 1} are all taken: choose a port for the ${what} with ${variable}.`
      : `Port ${chosen} (${variable}) is taken: stop what uses it or choose another port for the ${what}.`,
  );
}
