import { spawn } from 'node:child_process';

/**
 * The local Storyblok in a child process of its own, so that only Polyblok's work counts in what a benchmark
 * measures. `port` 0 takes a free one; `rate` is its request limit per second and token.
 */
export async function startStoryblokProcess(
  dataDir: string,
  options: { port?: number; rate?: number } = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const args = ['--import', 'tsx', 'tests/fakes/storyblok/cli.ts', '--data', dataDir];
  args.push('--port', String(options.port ?? 0));
  if (options.rate !== undefined) args.push('--rate', String(options.rate));
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Local Storyblok on (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the local Storyblok stopped (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
