import { collectProblems } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { ownerWithSpace } from './spaces.ts';

test.describe('API tokens', () => {
  test('made in the profile, shown once, used by a script, then revoked', async ({ page, services }) => {
    test.setTimeout(180_000);
    const problems = collectProblems(page);
    const { spaceId, space } = await ownerWithSpace(page, services, 'tokens-owner');

    await page.getByRole('button', { name: 'Open your profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Profile' });
    await expect(dialog.getByText('API tokens', { exact: true })).toBeVisible();
    await expect(dialog.getByText('No API tokens yet.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');

    await dialog.getByRole('button', { name: 'New token' }).click();
    await dialog.getByRole('textbox', { name: 'Token name' }).fill('Nightly export');
    await dialog.getByPlaceholder('Choose spaces').click();
    await page.getByRole('option', { name: space.name }).click();
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /Editor/ }).click();
    await saveScreenshot(page, 'profile-api-token-form');
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const secretBox = dialog.getByLabel('New API token');
    await expect(secretBox).toContainText('pbk_');
    await expect(dialog.getByText('This is the only time it is shown', { exact: false })).toBeVisible();
    const secret = ((await secretBox.textContent()) ?? '').trim();
    await saveScreenshot(page, 'profile-api-token-secret');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretBox).toHaveCount(0);

    const listed = dialog.getByRole('region', { name: 'API token Nightly export' });
    await expect(listed).toContainText('Editor');
    await expect(listed).toContainText(space.name);
    await expect(listed).toContainText('Last used never');

    // A script with the token: it reads the space, and the profile then shows its last use.
    const asScript = () =>
      page.request.get(`/api/spaces/${spaceId}/sync_status`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await asScript()).status()).toBe(200);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open your profile' }).click();
    await expect(listed).not.toContainText('Last used never');

    await listed.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API token' });
    await expect(confirm).toContainText('Nightly export');
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await expect(listed).toContainText('Revoked');
    await expect(listed.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
    expect((await asScript()).status()).toBe(401);
    expect(problems).toEqual([]);
  });

  test('the API’s document is shown to people at /api/docs', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Polyblok API/ })).toBeVisible();
    await expect(page.getByText('/api/me/api_tokens').first()).toBeVisible();
    // Swagger UI reads the whole document without a complaint about it.
    await expect(page.getByText('Warning', { exact: true })).toHaveCount(0);
    await saveScreenshot(page, 'api-docs');
    expect(problems).toEqual([]);
  });
});
