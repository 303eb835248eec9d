import type { Page } from '@playwright/test';
import { logIn, logOut, signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { collectProblems, failedResource } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, startServer, test } from './server.ts';
import { apiCall, connectSpace, expectSyncProgress, ownerWithSpace } from './spaces.ts';

interface MeSpace {
  id: number;
  name: string;
  translatable_keys_count: number;
  translated_keys_count: number;
  space_locales: Array<{ code: string }>;
  pivot: { status: string; role: string };
}

async function meSpaces(page: Page): Promise<MeSpace[]> {
  return (await apiCall<{ spaces: MeSpace[] }>(page, 'GET', '/api/me')).spaces;
}

test.describe('spaces list', () => {
  test('a joined space shows its counts, completion and members, and opens its languages', async ({
    page,
    services,
  }) => {
    test.setTimeout(90_000);
    const problems = collectProblems(page);
    const { space, spaceId } = await ownerWithSpace(page, services, 'cards');
    const [mine] = await meSpaces(page);
    expect(mine?.translatable_keys_count).toBeGreaterThan(0);
    // Spec section 9: translated keys over (source keys × languages), as a whole percent.
    const percent = Math.round((mine!.translated_keys_count / (mine!.translatable_keys_count * 2)) * 100);

    await expect(page).toHaveTitle('Spaces | Polyblok');
    // One main landmark: the shell's, with the page inside it.
    await expect(page.getByRole('main')).toHaveCount(1);
    const card = page.getByRole('link').filter({ has: page.getByRole('heading', { name: space.name, exact: true }) });
    await expect(card.getByRole('heading', { name: space.name })).toBeVisible();
    await expect(card.getByText('owner', { exact: true })).toBeVisible();
    await expect(card.getByText(`${mine!.translatable_keys_count} source keys · 2 languages`)).toBeVisible();
    await expect(card.getByRole('progressbar', { name: `Completion of ${space.name}` })).toHaveAttribute(
      'aria-valuenow',
      String(percent),
    );
    await expect(card.getByText(`${percent}%`)).toBeVisible();
    await expect(card.getByRole('group', { name: '1 member' })).toBeVisible();
    await expect(card.getByText(/^Joined [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await saveScreenshot(page, 'spaces');

    await card.click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${spaceId}/languages$`));
    await expect(page).toHaveTitle('Languages | Polyblok');
    await expect(page.getByRole('main')).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test('add a space by token: verify needs a token, a bad one is refused inline, a good one lists and adds', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const expected: RegExp[] = [];
    const problems = collectProblems(page, expected);
    await signUpAndConfirm(page, uniqueEmail('adder'));
    const space = services.takeSpace();

    await expect(page.getByRole('heading', { name: /Welcome to Polyblok/ })).toBeVisible();
    await page.getByRole('button', { name: 'Add a space' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a space' });
    const token = dialog.getByLabel('Personal access token');
    const verify = dialog.getByRole('button', { name: 'Verify token' });
    await expect(verify).toBeDisabled();
    await token.fill('   ');
    await expect(verify).toBeDisabled();

    expected.push(failedResource(422));
    await token.fill('not-a-real-token');
    await verify.click();
    await expect(dialog.getByText('Invalid personal access token')).toBeVisible();
    // The message is the field's own error, read out with it.
    await expect(token).toHaveAttribute('aria-describedby', /-error/);
    await saveScreenshot(page, 'add-space-token');

    await token.fill(space.pat);
    await expect(dialog.getByText('Invalid personal access token')).toBeHidden();
    await verify.click();
    const row = dialog.getByRole('group', { name: space.name, exact: true });
    await expect(row).toBeVisible();
    await expect(row.getByText('Already in Polyblok')).toBeHidden();
    await saveScreenshot(page, 'add-space-list');

    // Going back keeps the token, so checking it again is one click.
    await dialog.getByRole('button', { name: 'Back to access token' }).click();
    await expect(token).toHaveValue(space.pat);
    await verify.click();

    // A slower Storyblok makes the first sync last long enough to watch.
    // At 600 ms a request it takes about 12 s: at 250, a busy machine's page could first look when it was over.
    services.storyblok.traffic.latencyMs = 600;
    try {
      await row.getByRole('button', { name: 'Add this space' }).click();
      await expect(page).toHaveURL(/\/spaces\/\d+\/languages$/);
      await expect(page.getByText('Space added')).toBeVisible();
      await expectSyncProgress(page);
      await saveScreenshot(page, 'languages-first-sync');
      await expect(page.getByText('Syncing stories')).toBeHidden({ timeout: 60_000 });
    } finally {
      services.storyblok.traffic.latencyMs = 0;
    }
    await expect(page.getByRole('link', { name: 'German', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'French', exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Back to spaces' }).click();
    await expect(
      page.getByRole('link').filter({ has: page.getByRole('heading', { name: space.name, exact: true }) }),
    ).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a space another team connected becomes a request, and invitations are declined or joined on their cards', async ({
    page,
    services,
  }) => {
    test.setTimeout(180_000);
    const owner = await ownerWithSpace(page, services, 'team-owner');
    const second = services.takeSpace();
    const secondId = await connectSpace(page, second);
    const third = services.takeSpace();
    const thirdId = await connectSpace(page, third);
    await logOut(page);

    const problems = collectProblems(page);
    const newcomer = uniqueEmail('newcomer');
    await signUpAndConfirm(page, newcomer);
    await page.getByRole('button', { name: 'Add a space' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a space' });
    await dialog.getByLabel('Personal access token').fill(owner.space.pat);
    await dialog.getByRole('button', { name: 'Verify token' }).click();
    const row = dialog.getByRole('group', { name: owner.space.name, exact: true });
    await expect(row.getByText('Already in Polyblok')).toBeVisible();
    await row.getByRole('button', { name: 'Add this space' }).click();
    await expect(page.getByText('Access requested')).toBeVisible();
    const requested = page.getByRole('group', { name: owner.space.name, exact: true });
    await expect(requested.getByText('Waiting for approval')).toBeVisible();
    await expect(requested.getByText(/Its admins have been asked to let you in/)).toBeVisible();
    // A request is no way in: the space cannot be opened, and the switcher does not offer it.
    await page.goto(`/spaces/${owner.spaceId}/languages`);
    await expect(page.getByRole('heading', { name: 'Space not found' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Space' }).click();
    await expect(page.getByRole('option')).toHaveCount(0);
    await page.goto('/');

    // The owner invites the newcomer to two more spaces.
    await logOut(page);
    await signInAs(page, owner.email);
    await apiCall(page, 'POST', `/api/spaces/${secondId}/invite_user`, { email: newcomer, role: 'editor' });
    await apiCall(page, 'POST', `/api/spaces/${thirdId}/invite_user`, { email: newcomer });
    await logOut(page);
    await signInAs(page, newcomer);
    const invited = page.getByRole('group', { name: second.name, exact: true });
    await expect(invited.getByText('Invitation')).toBeVisible();
    await expect(invited.getByRole('button', { name: 'Decline' })).toBeVisible();
    await saveScreenshot(page, 'spaces-invitation');

    const declined = page.getByRole('group', { name: third.name, exact: true });
    await declined.getByRole('button', { name: 'Decline' }).click();
    // Declining cannot be undone: it asks first, and Cancel leaves the invitation as it was.
    const confirm = page.getByRole('dialog', { name: 'Decline the invitation' });
    await expect(confirm).toContainText(`Decline the invitation to ${third.name}?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(declined).toBeVisible();
    await declined.getByRole('button', { name: 'Decline' }).click();
    await confirm.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText('Invitation declined')).toBeVisible();
    await expect(declined).toBeHidden();

    await invited.getByRole('button', { name: 'Join' }).click();
    await expect(page.getByText('Invitation accepted')).toBeVisible();
    const joined = page
      .getByRole('link')
      .filter({ has: page.getByRole('heading', { name: second.name, exact: true }) });
    await expect(joined.getByText('editor', { exact: true })).toBeVisible();
    await expect(joined.getByRole('group', { name: '2 members' })).toBeVisible();
    await joined.click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${secondId}/languages$`));
    expect(problems).toEqual([]);
  });
});

async function signInAs(page: Page, email: string): Promise<void> {
  await logIn(page, email);
  await expect(page.getByRole('button', { name: 'Open your profile' })).toBeVisible();
}

test.describe('shell', () => {
  test('inside a space the sidebar goes back, switches between joined spaces and highlights Translations', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const first = await ownerWithSpace(page, services, 'switcher');
    const second = services.takeSpace();
    const secondId = await connectSpace(page, second);

    await page.goto(`/spaces/${first.spaceId}/languages`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Back to spaces' })).toBeVisible();
    const dropdown = nav.getByRole('combobox', { name: 'Space' });
    await expect(dropdown).toHaveValue(first.space.name);
    const translations = nav.getByRole('link', { name: 'Translations' });
    await expect(translations).toHaveAttribute('aria-current', 'page');
    for (const item of ['Glossary', 'Users', 'Settings'])
      await expect(nav.getByRole('link', { name: item })).toBeVisible();

    await page.goto(`/spaces/${first.spaceId}/content?locale=de`);
    await expect(translations).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await expect(translations).not.toHaveAttribute('aria-current', 'page');

    await dropdown.click();
    const options = page.getByRole('option');
    await expect(options).toHaveCount(2);
    await page.getByRole('option', { name: second.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${secondId}/languages$`));
    await expect(dropdown).toHaveValue(second.name);

    await nav.getByRole('link', { name: 'Back to spaces' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Spaces' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(problems).toEqual([]);
  });

  test('an unknown space says so and goes back to the spaces', async ({ page }) => {
    test.setTimeout(60_000);
    const problems = collectProblems(page);
    await signUpAndConfirm(page, uniqueEmail('lost'));
    await page.goto('/spaces/987654/settings');
    await expect(page.getByRole('heading', { name: 'Space not found' })).toBeVisible();
    await expect(page.getByText('Please check you have right to access this space')).toBeVisible();
    await expect(page).toHaveTitle('Space not found | Polyblok');
    await expect(page.getByRole('combobox', { name: 'Space' })).toHaveValue('');
    await saveScreenshot(page, 'space-not-found');
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(problems).toEqual([]);
  });

  test('the support page offers ways to reach the team', async ({ page }) => {
    test.setTimeout(60_000);
    const problems = collectProblems(page);
    await signUpAndConfirm(page, uniqueEmail('helpme'));
    await page.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page).toHaveTitle('Support | Polyblok');
    await expect(page.getByRole('link', { name: 'Email the team' })).toHaveAttribute('href', /^mailto:support@/);
    await expect(page.getByText('Common questions')).toBeVisible();
    await saveScreenshot(page, 'support');
    expect(problems).toEqual([]);
  });

  test('a screen that fails to render shows the error dialog with Refresh and Back to homepage', async ({
    page,
    services,
  }) => {
    test.setTimeout(90_000);
    const { spaceId } = await ownerWithSpace(page, services, 'crash');
    // The settings screen's code cannot be downloaded: React cannot render it.
    await page.route(/\/assets\/settings-page-[^/]+\.js$/, (route) => route.abort());
    const problems = collectProblems(page, [
      /Failed to load resource/,
      /Failed to fetch dynamically imported module/,
      /settings-page/,
    ]);
    await page.goto(`/spaces/${spaceId}/settings`);
    const dialog = page.getByRole('dialog', { name: 'An error occurred' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('You can either go back to homepage or try refresh the current page')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await saveScreenshot(page, 'error-dialog');
    await page.unroute(/\/assets\/settings-page-[^/]+\.js$/);
    await dialog.getByRole('button', { name: 'Back to homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Spaces' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('Crisp chat', () => {
  test('with CRISP_WEBSITE_ID the Support item opens the chat with the signed e-mail', async ({
    browser,
    services,
  }) => {
    test.setTimeout(120_000);
    const websiteId = '3f1c2a4e-8b7d-4c2e-9a51-0d6e2f7b8c90';
    const server = await startServer({
      ...services.env,
      CRISP_WEBSITE_ID: websiteId,
      CRISP_SECRET: 'crisp-e2e-secret',
    });
    const context = await browser.newContext({ baseURL: server.baseURL });
    try {
      const page = await context.newPage();
      // Crisp itself is not reachable from here: a stand-in script records what the app asks of it.
      let scriptLoads = 0;
      await page.route('https://client.crisp.chat/l.js', (route) => {
        scriptLoads += 1;
        return route.fulfill({
          contentType: 'application/javascript',
          body: `(() => {
            const queued = Array.isArray(window.$crisp) ? window.$crisp : [];
            window.__crisp = { websiteId: window.CRISP_WEBSITE_ID, commands: [] };
            window.$crisp = { push: (command) => { window.__crisp.commands.push(command); } };
            queued.forEach((command) => window.$crisp.push(command));
          })();`,
        });
      });
      const problems = collectProblems(page);
      const email = uniqueEmail('chatty');
      await signUpAndConfirm(page, email);
      const me = await apiCall<{ crisp_signature: string; crisp_website_id: string }>(page, 'GET', '/api/me');
      expect(me.crisp_website_id).toBe(websiteId);
      expect(scriptLoads).toBe(0);

      await page.getByRole('button', { name: 'Support' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __crisp?: unknown }).__crisp ?? null))
        .not.toBeNull();
      const crisp = await page.evaluate(
        () => (window as unknown as { __crisp: { websiteId: string; commands: unknown[][] } }).__crisp,
      );
      expect(crisp.websiteId).toBe(websiteId);
      expect(crisp.commands).toContainEqual(['set', 'user:email', [email, me.crisp_signature]]);
      expect(crisp.commands).toContainEqual(['do', 'chat:open']);
      // Still on the spaces list: the chat opens over it instead of leaving for /support.
      await expect(page).toHaveURL(/\/$/);
      expect(scriptLoads).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
