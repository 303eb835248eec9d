import { startFakeOpenAI } from '../openai/server.ts';
import { startOnFreePort } from './start-on-free-port.ts';

export interface DemoOpenAi {
  /** What Polyblok's environment gets so its AI translation talks to the stand-in. */
  env: Record<string, string>;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The local OpenAI stand-in, on DEMO_OPENAI_PORT or 4020 (what `npm run fake:openai` uses) or the next free
 * port. It replaces any OpenAI key of the shell: the demo runs offline and costs nothing.
 */
export async function startDemoOpenAi(port: number | null): Promise<DemoOpenAi> {
  const standIn = await startOnFreePort({
    what: 'local OpenAI',
    chosen: port,
    usual: 4020,
    variable: 'DEMO_OPENAI_PORT',
    start: (candidate) => startFakeOpenAI({ port: candidate, host: '127.0.0.1' }),
  });
  return {
    // The stand-in takes any non-empty key.
    env: { OPENAI_BASE_URL: standIn.baseUrl, OPENAI_API_KEY: 'local' },
    baseUrl: standIn.baseUrl,
    close: () => standIn.close(),
  };
}
