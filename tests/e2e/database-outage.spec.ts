import { startPrivatePostgres, type PrivatePostgres } from '#tests/support/private-postgres.ts';
import { collectProblems, failedResource } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, startServer, test as base } from './server.ts';
import { apiCall, ownerWithSpace } from './spaces.ts';

/** The real server on a PostgreSQL server of this worker's own, which the test stops and starts again. */
const test = base.extend<object, { postgres: PrivatePostgres }>({
  postgres: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const postgres = await startPrivatePostgres();
      try {
        await use(postgres);
      } finally {
        await postgres.dispose();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  server: [
    async ({ services, postgres }, use) => {
      const server = await startServer({ ...services.env, DATABASE_URL: postgres.url });
      try {
        await use(server);
      } finally {
        if (!postgres.isRunning()) await postgres.start();
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

test('while the database is away the editor says so and keeps the translation, which saves once it is back', async ({
  page,
  services,
  postgres,
}) => {
  test.setTimeout(120_000);
  // The calls refused meanwhile are logged by the browser; nothing else may be.
  const problems = collectProblems(page, [failedResource(503)]);
  const owner = await ownerWithSpace(page, services, 'outage');
  const { stories } = await apiCall<{ stories: Array<{ id: number; name: string }> }>(
    page,
    'GET',
    `/api/content/folder?locale=fr&space_id=${owner.spaceId}`,
  );
  const home = stories.find((story) => story.name === 'Home')!;
  await page.goto(`/spaces/${owner.spaceId}/content?locale=fr&story=${home.id}`);
  const row = page.getByRole('group', { name: 'page › title', exact: true });
  const field = row.getByRole('textbox', { name: 'Translation of page › title' });
  await field.fill('Bienvenue');

  await postgres.stop('fast');
  await row.getByRole('button', { name: 'Save' }).click();
  const banner = page.getByRole('alert', { name: 'Changes cannot be saved right now' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('saving will be possible again shortly');
  await expect(page.getByText('Translation not saved')).toBeVisible();
  await expect(field).toHaveValue('Bienvenue');
  await expect(row.getByText('Unsaved')).toBeVisible();
  await saveScreenshot(page, 'database-outage-banner');

  await postgres.start();
  // The banner asks the server's health every few seconds (Retry-After) and goes once it answers.
  await expect(banner).toBeHidden({ timeout: 20_000 });
  await expect(field).toHaveValue('Bienvenue');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'verified');
  await expect(row.getByText('Unsaved')).toBeHidden();
  expect(problems).toEqual([]);
});
