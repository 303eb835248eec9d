import { readDataDir } from '../storyblok/read-data-dir.ts';
import { startFakeStoryblok } from '../storyblok/server.ts';
import type { FakeStoryblok } from '../storyblok/fake-handle.ts';
import { startOnFreePort } from './start-on-free-port.ts';

/**
 * Starts the local Storyblok on DEMO_STORYBLOK_PORT, or on 4010 or the next free port. It runs in the demo's own
 * process, so it cannot outlive the demo. The data is read once, not once per port tried.
 */
export async function startDemoStoryblok(storyblokDir: string, port: number | null): Promise<FakeStoryblok> {
  const data = await readDataDir(storyblokDir);
  return startOnFreePort({
    what: 'local Storyblok',
    chosen: port,
    usual: 4010,
    variable: 'DEMO_STORYBLOK_PORT',
    start: (candidate) => startFakeStoryblok({ data, port: candidate, host: '127.0.0.1' }),
  });
}
