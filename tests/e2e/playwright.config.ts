import { defineConfig, devices } from '@playwright/test';

import { chromiumArgs, chromiumPath } from '#tests/support/chromium.ts';

// run.ts checked that the browser is there before it started Playwright.
export { chromiumPath };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './artifacts/test-results',
  fullyParallel: false,
  // Two workers, each with its own server, local services and browser: most of a test is waiting on timers and
  // the network, so two share the 2-core machines well (the suite takes about 60 % of one worker's time).
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium' }],
});
