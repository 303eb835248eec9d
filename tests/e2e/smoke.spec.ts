import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { expect, test } from './server.ts';

const screenshotPath = (name: string) => fileURLToPath(new URL(`./artifacts/screenshots/${name}.png`, import.meta.url));

/** Uncaught errors and console errors (a CSP violation or a 404 asset is one) both mean a broken screen. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return problems;
}

test.describe('smoke', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('home page renders with the product title and wordmark', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/');

    await expect(page).toHaveTitle(/ \| Polyblok$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Polyblok' })).toBeVisible();
    // The health badge settles once /api/health answered, so the screenshot shows the real state.
    await expect(page.getByText(/All systems operational|Service degraded/)).toBeVisible();
    await page.screenshot({ path: screenshotPath('home') });
    expect(problems).toEqual([]);
  });

  test('an unknown path shows the not-found page and links back home', async ({ page }) => {
    const problems = collectProblems(page);
    const response = await page.goto('/this/path/does-not-exist');
    // History fallback: the server answers with the app, the app decides it is a 404.
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Page not found | Polyblok');
    await page.screenshot({ path: screenshotPath('not-found') });

    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Polyblok' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the tool panel entry renders under /extension/', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/extension/');

    await expect(page.getByText('Polyblok', { exact: true })).toBeVisible();
    await expect(page.getByText(/runs inside the Storyblok Visual Editor/)).toBeVisible();
    await expect(page).toHaveTitle(/ \| Polyblok$/);
    expect(problems).toEqual([]);
  });

  test('GET /api/health answers 200 with the database up', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { status: string; database: { status: string } };
    expect(body.database.status).toBe('up');
    expect(['ok', 'degraded']).toContain(body.status);
  });
});
