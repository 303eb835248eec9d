import type { Page } from '@playwright/test';
import { collectProblems } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { ownerWithSpace } from './spaces.ts';

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search stories' });
const results = (page: Page) => page.getByTestId('search-result');
const folderPath = (page: Page) => page.getByRole('navigation', { name: 'Folder path' });

test.describe('content search', () => {
  test('finds a story by its translation over the whole space, filters by status, and opens a result in its folder', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const { spaceId } = await ownerWithSpace(page, services, 'content-search');
    await page.goto(`/spaces/${spaceId}/content?locale=fr`);
    await expect(page.getByTestId('story-row').first()).toBeVisible();

    // "Notre équipe" is the French title of Team, in the About folder: found without its accent, in capitals.
    await searchBox(page).fill('EQUIPE');
    await expect(results(page)).toHaveCount(1);
    const team = results(page).first();
    await expect(team).toContainText('Team');
    await expect(team.locator('mark')).toHaveText(['équipe']);
    await expect(page).toHaveURL(/[?&]q=EQUIPE\b/);
    await saveScreenshot(page, 'content-search-results');

    // A reload keeps the search.
    await page.reload();
    await expect(searchBox(page)).toHaveValue('EQUIPE');
    await expect(results(page)).toHaveCount(1);

    // The words and a status together, then the status alone.
    await page.getByRole('combobox', { name: 'Key status' }).click();
    await page.getByRole('option', { name: 'Missing' }).click();
    await expect(page.getByText('No corresponding stories found')).toBeVisible();
    await expect(page).toHaveURL(/[?&]status=missing\b/);
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect(results(page).filter({ hasText: 'Home' })).toBeVisible();
    await expect(results(page).getByTestId('search-match').locator('[data-status]').first()).toHaveAttribute(
      'data-status',
      'missing',
    );
    const statuses = await results(page)
      .locator('[data-status]')
      .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-status')));
    expect(new Set(statuses)).toEqual(new Set(['missing']));

    // A result is a real link: Ctrl-click opens it in a new tab, a plain click opens it here, in its folder.
    await searchBox(page).fill('équipe');
    await page.getByRole('combobox', { name: 'Key status' }).click();
    await page.getByRole('option', { name: 'Unverified' }).click();
    await expect(results(page)).toHaveCount(1);
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      results(page)
        .first()
        .click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await expect(tab).toHaveURL(/[?&]story=\d+/);
    await expect(tab.getByRole('group', { name: 'page › title', exact: true })).toBeVisible();
    await tab.close();
    await expect(page).not.toHaveURL(/[?&]story=/);

    await results(page).first().click();
    await expect(page).toHaveURL(/[?&]story=\d+/);
    await expect(page).toHaveURL(/[?&]folder=\d+/);
    await expect(page.getByRole('group', { name: 'page › title', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await page.getByRole('combobox', { name: 'Key status' }).click();
    await page.getByRole('option', { name: 'Any status' }).click();
    await expect(folderPath(page)).toContainText('About');
    await expect(page.getByTestId('story-row').filter({ hasText: 'Team' })).toHaveAttribute('aria-current', 'page');

    // A link that names the story but not its folder opens it in its folder too.
    const storyId = new URL(page.url()).searchParams.get('story');
    await page.goto(`/spaces/${spaceId}/content?locale=fr&story=${storyId}`);
    await expect(page).toHaveURL(/[?&]folder=\d+/);
    await expect(folderPath(page)).toContainText('About');
    await expect(page.getByTestId('story-row').filter({ hasText: 'Team' })).toHaveAttribute('aria-current', 'page');
    expect(problems).toEqual([]);
  });
});
