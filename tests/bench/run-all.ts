// Every benchmark, one after the other, each in a process of its own so that none measures another's leftovers;
// each prints its figures against its reference, and a summary says which held. Run: npm run bench
import { spawn } from 'node:child_process';

const benches = [
  { name: 'server speed (story read, saves, verify, idle)', file: 'tests/bench/server-speed.ts' },
  { name: 'sync event loop (PGlite, PostgreSQL)', file: 'tests/bench/sync-event-loop.ts' },
  { name: 'story editor with 10,000 keys (Chromium)', file: 'tests/bench/editor-keys.ts' },
  { name: 'AI requests of a 500-key story', file: 'tests/bench/ai-story-requests.ts' },
  { name: 'first-load bundle sizes', file: 'tests/bench/bundle-budgets.ts' },
];

function run(file: string): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

const results: Array<{ name: string; held: boolean; seconds: number }> = [];
for (const bench of benches) {
  console.log(`\n== ${bench.name}`);
  const started = performance.now();
  const code = await run(bench.file);
  results.push({ name: bench.name, held: code === 0, seconds: (performance.now() - started) / 1000 });
}

console.log('\n== summary');
for (const result of results) {
  console.log(
    `  ${result.name.padEnd(48)} ${result.held ? 'held' : 'MISSED'}   ${result.seconds.toFixed(0).padStart(4)} s`,
  );
}
process.exit(results.every((result) => result.held) ? 0 : 1);
