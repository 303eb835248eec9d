// Benchmark: what each surface makes a browser download on its first load, gzipped, against its budget
// (reference/quality.md; issues 6 and 8). Builds the front ends when they are stale, starts Polyblok,
// opens each first route in Chromium and adds up the scripts and stylesheets it loads; the field plugin
// is one file Storyblok loads as it is, so its size is the file's. Prints a table and exits 1 when a
// budget is exceeded. Run: npm run bench:bundles
import { chromium, expect, type Browser, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { distDir } from '#server/paths.ts';
import { ensureFrontEndsBuilt } from '#server/boot/front-end-build.ts';
import { signUpAndConfirm, uniqueEmail } from '#tests/e2e/accounts.ts';
import playwrightConfig, { chromiumPath } from '#tests/e2e/playwright.config.ts';
import { startServer } from '#tests/e2e/server.ts';
import { gzipSize, recordAssets, type AssetSizes } from './page-assets.ts';

const KiB = 1024;

interface Measurement {
  name: string;
  js: number;
  jsBudget: number;
  /** Null where the stylesheet has no budget of its own or lives inside the script. */
  css: number | null;
  cssBudget: number | null;
}

/** Loads a route in a fresh context (empty HTTP cache) and waits until it is shown and the network is quiet. */
async function firstLoad(page: Page, path: string, shown: (page: Page) => Promise<void>): Promise<AssetSizes> {
  const finish = recordAssets(page);
  await page.goto(path);
  await shown(page);
  await page.waitForLoadState('networkidle');
  return finish();
}

async function measureRoutes(browser: Browser, baseURL: string): Promise<Measurement[]> {
  const signedOut = await browser.newContext({ baseURL });
  const login = await firstLoad(await signedOut.newPage(), '/', (page) =>
    expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible(),
  );
  await signedOut.close();

  // Sign up in one context, then open / in another that has the session but none of the cached files.
  const signingUp = await browser.newContext({ baseURL });
  await signUpAndConfirm(await signingUp.newPage(), uniqueEmail('bench'));
  const storageState = await signingUp.storageState();
  await signingUp.close();
  const signedIn = await browser.newContext({ baseURL, storageState });
  const home = await firstLoad(await signedIn.newPage(), '/', (page) =>
    expect(page.getByRole('button', { name: 'Open your profile' })).toBeVisible(),
  );
  await signedIn.close();

  const panelContext = await browser.newContext({ baseURL });
  const panel = await firstLoad(await panelContext.newPage(), '/extension/', (page) =>
    expect(page.locator('body')).not.toBeEmpty(),
  );
  await panelContext.close();

  return [
    { name: 'Web app, /login (signed out)', js: login.js, jsBudget: 200 * KiB, css: login.css, cssBudget: 50 * KiB },
    { name: 'Web app, / (signed in)', js: home.js, jsBudget: 200 * KiB, css: home.css, cssBudget: 50 * KiB },
    { name: 'Tool panel, /extension/', js: panel.js, jsBudget: 250 * KiB, css: panel.css, cssBudget: null },
  ];
}

/**
 * The panel with a story open also loads the key editor, a lazy chunk. Every script of the panel's build
 * together is the most a story view can download, so that sum is held to the panel's budget.
 */
function panelWithStoryMeasurement(): Measurement {
  const assets = `${distDir}/extension/assets`;
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
  return {
    name: 'Tool panel, every script (story open)',
    js: scripts.reduce((sum, file) => sum + gzipSize(readFileSync(`${assets}/${file}`)), 0),
    jsBudget: 250 * KiB,
    css: null,
    cssBudget: null,
  };
}

function pluginMeasurement(): Measurement {
  const bundle = readFileSync(`${distDir}/plugin/index.js`);
  return {
    name: 'SEO field plugin, index.js (CSS inside)',
    js: gzipSize(bundle),
    jsBudget: 150 * KiB,
    css: null,
    cssBudget: null,
  };
}

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

function printTable(rows: Measurement[]): boolean {
  const lines = [['What', 'JS (gzip)', 'JS budget', 'CSS (gzip)', 'CSS budget', 'Result']];
  let withinBudget = true;
  for (const row of rows) {
    const ok = row.js <= row.jsBudget && (row.cssBudget === null || (row.css ?? 0) <= row.cssBudget);
    withinBudget &&= ok;
    lines.push([
      row.name,
      kib(row.js),
      kib(row.jsBudget),
      row.css === null ? '-' : kib(row.css),
      row.cssBudget === null ? '-' : kib(row.cssBudget),
      ok ? 'ok' : 'OVER BUDGET',
    ]);
  }
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  for (const line of lines) {
    process.stdout.write(
      `${line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}\n`,
    );
  }
  return withinBudget;
}

ensureFrontEndsBuilt((line) => process.stdout.write(`${line}\n`));
const server = await startServer();
const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, executablePath: chromiumPath });
try {
  const rows = [...(await measureRoutes(browser, server.baseURL)), panelWithStoryMeasurement(), pluginMeasurement()];
  if (!printTable(rows)) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
