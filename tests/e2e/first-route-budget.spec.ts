import type { Page, Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { expect, test } from './server.ts';

/** quality.md: the first route may load at most 200 KiB of gzip JS and 50 KiB of gzip CSS. */
const JS_BUDGET = 200 * 1024;
const CSS_BUDGET = 50 * 1024;

/** Records every script and stylesheet a fresh page load downloads, with its gzip size. */
function recordAssets(page: Page) {
  const pending: Promise<void>[] = [];
  const sizes = { js: 0, css: 0, files: [] as string[] };
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        sizes[type === 'script' ? 'js' : 'css'] += gzipSync(body, { level: 6 }).length;
        sizes.files.push(new URL(response.url()).pathname);
      }),
    );
  });
  return async () => {
    await Promise.all(pending);
    return sizes;
  };
}

test.describe('first route size', () => {
  test('a visitor opening / and landing on /login stays within the budget', async ({ page }) => {
    const finish = recordAssets(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    const sizes = await finish();
    console.log(
      `first route, signed out: JS ${(sizes.js / 1024).toFixed(1)} KiB, CSS ${(sizes.css / 1024).toFixed(1)} KiB`,
    );
    expect(sizes.js).toBeLessThanOrEqual(JS_BUDGET);
    expect(sizes.css).toBeLessThanOrEqual(CSS_BUDGET);
  });

  test('a signed-in user opening / stays within the budget', async ({ page, context }) => {
    test.setTimeout(60_000);
    await signUpAndConfirm(page, uniqueEmail('budget'));
    // A new page in the same context keeps the session (localStorage); routing turns the HTTP cache
    // off, so every file is downloaded and counted again.
    const fresh = await context.newPage();
    await fresh.route('**/*', (route) => route.continue());
    const finish = recordAssets(fresh);
    await fresh.goto('/');
    await expect(fresh.getByRole('button', { name: 'Open your profile' })).toBeVisible();
    const sizes = await finish();
    console.log(
      `first route, signed in: JS ${(sizes.js / 1024).toFixed(1)} KiB, CSS ${(sizes.css / 1024).toFixed(1)} KiB`,
    );
    expect(sizes.js).toBeLessThanOrEqual(JS_BUDGET);
    expect(sizes.css).toBeLessThanOrEqual(CSS_BUDGET);
  });
});
