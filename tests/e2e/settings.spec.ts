import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { collectProblems, failedResource } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { apiCall, apiStatus, expectSyncProgress, ownerWithSpace, personPage } from './spaces.ts';

const TOKEN_TOOLTIP = 'Sync has been stopped with the Storyblok Space, please provide a valid token';

test.describe('settings', () => {
  test('Synchronize now shows the run’s progress and its notifications', async ({ page, services }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const { space, spaceId } = await ownerWithSpace(page, services, 'syncer');
    await page.goto(`/spaces/${spaceId}/settings`);
    await expect(page).toHaveTitle('Settings | Polyblok');
    const sync = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Synchronization' }) });
    await expect(sync.getByText('Last sync')).toBeVisible();
    await expect(sync.getByText('Never synced')).toBeHidden();

    const subscription = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Subscription' }) });
    await expect(subscription.getByText('Entry Plan', { exact: true })).toBeVisible();
    await expect(subscription.getByRole('button', { name: 'Subscribe to the Entry Plan' })).toBeVisible();
    await expect(subscription.getByText('$49')).toBeVisible();
    await expect(subscription.getByText('No subscription', { exact: true })).toBeVisible();
    await expect(subscription.getByText('AI automatic translations up to 1,000 words per day')).toBeVisible();
    await expect(subscription.getByTestId('ai-usage')).toHaveText('0 of 1,000 words');
    await expect(subscription.getByRole('link', { name: 'Manage subscription' })).toHaveCount(0);
    await subscription.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'settings-subscription');
    await page.evaluate(() => window.scrollTo(0, 0));

    const webhook = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Storyblok webhook' }) });
    await expect(webhook.getByRole('textbox', { name: 'Endpoint' })).toHaveValue(/\/api\/webhooks\/storyblok$/);
    await saveScreenshot(page, 'settings');

    // Edited stories are read again, one request each: with a slower Storyblok the run lasts long enough
    // to watch its count move.
    for (const storyId of Object.values(basicFixture.stories)) {
      services.storyblok.editStory(space.spaceId, space.storyId(storyId), { name: `Edited ${storyId}` });
    }
    services.storyblok.traffic.latencyMs = 400;
    try {
      await sync.getByRole('button', { name: 'Synchronize now' }).click();
      await expect(page.getByText('Sync started')).toBeVisible();
      await expect(page.getByText('Synchronization with Storyblok has been started')).toBeVisible();
      await expect(sync.getByText('Syncing stories')).toBeVisible();
      await expect(sync.getByRole('button', { name: 'Synchronize now' })).toBeDisabled();
      await expect(sync.getByTestId('sync-count')).toHaveText(/^\d+ \/ \d+ stories( · .+ left)?$/, { timeout: 20_000 });
      await expectSyncProgress(sync);
      await saveScreenshot(page, 'settings-syncing');
      await expect(sync.getByText('Syncing stories')).toBeHidden({ timeout: 30_000 });
    } finally {
      services.storyblok.traffic.latencyMs = 0;
    }
    await expect(sync.getByText('Last sync')).toBeVisible();
    await expect(sync.getByText(/\(just now\)$/)).toBeVisible();
    await expect(sync.getByRole('button', { name: 'Synchronize now' })).toBeEnabled();
    expect(problems).toEqual([]);
  });

  test('a revoked token stops syncing with the Invalid Token warning until a new token is given', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const expected: RegExp[] = [];
    const problems = collectProblems(page, expected);
    const { space, spaceId } = await ownerWithSpace(page, services, 'revoked');
    await page.goto(`/spaces/${spaceId}/settings`);
    const sync = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Synchronization' }) });

    services.storyblok.revokeToken(space.pat);
    const warning = sync.getByText('Invalid Token', { exact: true });
    // Polyblok's 10-minute poll may meet the revoked token first (the button is then disabled and the warning
    // shown); otherwise this manual sync does, and says so.
    const clicked = await sync
      .getByRole('button', { name: 'Synchronize now' })
      .click({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (clicked) {
      await expect(page.getByText('Sync started').or(page.getByText('Sync failed'))).toBeVisible();
      await expect(page.getByText('Sync failed')).toBeVisible({ timeout: 30_000 });
      // The failure takes the place of the start: the two never show together.
      await expect(page.getByText('Sync started')).toBeHidden();
    }
    await expect(warning).toBeVisible({ timeout: 30_000 });
    await expect(sync.getByRole('button', { name: 'Synchronize now' })).toBeDisabled();
    await warning.hover();
    await expect(page.getByRole('tooltip')).toHaveText(TOKEN_TOOLTIP);
    await saveScreenshot(page, 'settings-invalid-token');

    // The spaces list shows it too.
    await page.getByRole('link', { name: 'Back to spaces' }).click();
    await expect(page.getByText('Invalid Token', { exact: true })).toBeVisible();
    await page.goBack();

    await sync.getByRole('button', { name: 'Provide a new token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provide a new token' });
    const token = dialog.getByLabel('Personal access token');
    await expect(dialog.getByRole('button', { name: 'Save token' })).toBeDisabled();
    expected.push(failedResource(422));
    await token.fill(space.pat);
    await dialog.getByRole('button', { name: 'Save token' }).click();
    await expect(dialog.getByText('Invalid personal access token')).toBeVisible();
    await saveScreenshot(page, 'settings-replace-token');

    const fresh = `${space.pat}-renewed`;
    services.storyblok.addToken(fresh, [space.spaceId]);
    await token.fill(fresh);
    await dialog.getByRole('button', { name: 'Save token' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Token updated')).toBeVisible();
    await expect(warning).toBeHidden();
    await expect(sync.getByText('Last sync')).toBeVisible({ timeout: 30_000 });
    await expect(sync.getByRole('button', { name: 'Synchronize now' })).toBeEnabled();
    expect(problems).toEqual([]);
  });

  test('admins choose which translations are written to Storyblok', async ({ page, services }) => {
    test.setTimeout(90_000);
    const problems = collectProblems(page);
    const { spaceId } = await ownerWithSpace(page, services, 'writer');
    await page.goto(`/spaces/${spaceId}/settings`);
    const card = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Writing to Storyblok' }) });
    const all = card.getByRole('radio', { name: 'Every saved translation' });
    const verified = card.getByRole('radio', { name: 'Verified translations only' });
    await expect(all).toBeChecked();
    await expect(card.getByText('Nothing written yet')).toBeVisible();
    await verified.click();
    await expect(page.getByText('Write-back updated')).toBeVisible();
    await expect(verified).toBeChecked();
    await page.reload();
    await expect(card.getByRole('radio', { name: 'Verified translations only' })).toBeChecked();
    expect(problems).toEqual([]);
  });

  test('a write Storyblok refuses shows on the story, in the list and in Settings, and Retry writes it', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const { space, spaceId } = await ownerWithSpace(page, services, 'refused');
    const root = await apiCall<{ stories: Array<{ id: number; name: string }> }>(
      page,
      'GET',
      `/api/content/folder?locale=de&space_id=${spaceId}`,
    );
    const homeId = root.stories.find((item) => item.name === 'Home')!.id;
    const storyblokHome = space.storyId(basicFixture.stories.home);
    // An editor has the story open in Storyblok: it refuses every change until they are done.
    services.storyblok.lockStory(space.spaceId, storyblokHome, 'Ada Editor');

    await page.goto(`/spaces/${spaceId}/content?locale=de&story=${homeId}`);
    const title = page.getByRole('group', { name: 'page › title', exact: true });
    await title.getByRole('textbox', { name: 'Translation of page › title' }).fill('Willkommen daheim');
    await title.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Waiting to be written to Storyblok')).toBeVisible();

    const refused = page.getByRole('alert').filter({ hasText: 'Not written to Storyblok' });
    await expect(refused).toBeVisible({ timeout: 30_000 });
    await expect(refused).toContainText('is currently locked by Ada Editor');
    const row = page.getByTestId('story-list').getByTestId('story-row').filter({ hasText: 'Home' });
    const mark = row.getByTestId('write-back-failed');
    await expect(mark).toBeVisible();
    await mark.hover();
    await expect(page.getByRole('tooltip')).toContainText('Not written to Storyblok: Storyblok refused the change');
    await saveScreenshot(page, 'content-write-back-failed');

    // Settings lists the story, linked to it in the language that failed.
    await page.goto(`/spaces/${spaceId}/settings`);
    const card = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Writing to Storyblok' }) });
    await expect(card.getByText('1 story could not be written')).toBeVisible();
    await expect(card.getByText(/is currently locked by Ada Editor/)).toBeVisible();

    await card.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(new RegExp(`story=${homeId}.*locale=de|locale=de.*story=${homeId}`));
    // The editor closes the story just before the click: unlocked earlier, the job's own retry may write it
    // first, and there is then nothing left to retry.
    await expect(refused).toBeVisible();
    services.storyblok.lockStory(space.spaceId, storyblokHome, null);
    await refused.getByRole('button', { name: 'Retry' }).click();
    await expect(refused).toBeHidden();
    await expect(page.getByText('Waiting to be written to Storyblok')).toBeHidden({ timeout: 30_000 });
    await expect(mark).toBeHidden();
    const written = services.storyblok.getStory(space.spaceId, storyblokHome) as { content: Record<string, unknown> };
    expect(written.content.title__i18n__de).toBe('Willkommen daheim');
    expect(problems).toEqual([]);
  });

  test('the owner deletes the space after typing its name; an admin has no such card', async ({
    page,
    browser,
    baseURL,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const { space, spaceId } = await ownerWithSpace(page, services, 'deleter');

    // An admin of the space sees no danger zone, and the API refuses them.
    const adminPage = await personPage(browser, baseURL);
    const adminProblems = collectProblems(adminPage);
    const adminEmail = uniqueEmail('admin');
    await signUpAndConfirm(adminPage, adminEmail);
    await apiCall(page, 'POST', `/api/spaces/${spaceId}/invite_user`, { email: adminEmail, role: 'admin' });
    await apiCall(adminPage, 'POST', `/api/spaces/${spaceId}/accept_invite`);
    await adminPage.goto(`/spaces/${spaceId}/settings`);
    await expect(adminPage.getByRole('heading', { name: 'Subscription' })).toBeVisible();
    await expect(adminPage.getByRole('heading', { name: 'Delete space' })).toHaveCount(0);
    expect(await apiStatus(adminPage, 'DELETE', `/api/spaces/${spaceId}`)).toBe(403);

    await page.goto(`/spaces/${spaceId}/settings`);
    const cards = page.locator('.mantine-Card-root');
    const danger = cards.filter({ has: page.getByRole('heading', { name: 'Delete space' }) });
    await expect(danger).toBeVisible();
    // The danger zone comes last.
    await expect(cards.last()).toContainText('Delete space');
    await expect(danger).toContainText('The Storyblok space is not touched');

    await danger.getByRole('button', { name: 'Delete space' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete space' });
    const confirm = dialog.getByRole('button', { name: 'Delete space' });
    const name = dialog.getByRole('textbox', { name: 'Name of the space' });
    await expect(dialog.getByText('Storyblok is not changed')).toBeVisible();
    await expect(name).toBeFocused();
    await expect(confirm).toBeDisabled();
    await name.fill(space.name.toUpperCase());
    await expect(confirm).toBeDisabled();
    await name.fill(space.name);
    await expect(confirm).toBeEnabled();
    await saveScreenshot(page, 'settings-delete-space');

    // Cancelling keeps the space.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await apiStatus(page, 'GET', `/api/spaces/${spaceId}/settings`)).toBe(200);

    await danger.getByRole('button', { name: 'Delete space' }).click();
    await name.fill(space.name);
    await name.press('Enter');
    await expect(page.getByText('Space deleted')).toBeVisible();
    await expect(
      page.getByText(`${space.name} was deleted from Polyblok. The Storyblok space is unchanged.`),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Spaces | Polyblok');
    await expect(page.getByText(space.name, { exact: true })).toHaveCount(0);
    const me = await apiCall<{ spaces: Array<{ id: number }> }>(page, 'GET', '/api/me');
    expect(me.spaces.map((entry) => entry.id)).not.toContain(spaceId);

    // The admin lost it too, and its screens are not found any more.
    await adminPage.goto(`/spaces/${spaceId}/settings`);
    await expect(adminPage.getByRole('heading', { name: 'Space not found' })).toBeVisible();
    // Storyblok still has the space: it can be connected again.
    expect(services.storyblok.space(space.spaceId).name).toBe(space.name);
    expect(problems).toEqual([]);
    expect(adminProblems).toEqual([]);
    await adminPage.context().close();
  });
});
