import { collectProblems } from './browser-problems.ts';
import { screenshotPath } from './screenshots.ts';
import { expect, test } from './server.ts';

test.describe('smoke', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the app opens on the log-in screen for a visitor', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Log in | Polyblok');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.getByLabel('Polyblok').first()).toBeVisible();
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

    // Home is a signed-in route: a visitor ends up on the log-in screen.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
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
