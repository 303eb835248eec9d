import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { frontEndBuildReason } from '#server/boot/front-end-build.ts';

/**
 * Entry of `npm run test:e2e`: checks the browser, builds the front ends when needed, then runs
 * Playwright with any extra arguments (e.g. `npm run test:e2e -- --grep 404`).
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  console.error(
    `E2E tests need Chromium at ${chromiumPath}, and it is not there.\n` +
      'Install it with `apt-get install chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}

// The same staleness rule as `npm start`: a build older than its sources would test an old front end.
const reason = process.env.E2E_BUILD === '1' ? 'E2E_BUILD=1' : frontEndBuildReason();
if (reason) {
  console.log(`Building the front ends (${reason})`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromiumPath },
  },
);
process.exit(result.status ?? 1);
