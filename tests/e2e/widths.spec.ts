import type { FrameLocator, Page } from '@playwright/test';
import { signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { collectProblems } from './browser-problems.ts';
import { expectLayoutHolds } from './layout-checks.ts';
import { LONG_SPACE_NAME, LONG_STORY_NAME, LONG_WORD, makeContentLong } from './long-content.ts';
import { openToolPanel, panelBrowserOptions, panelTest, signInThroughPopup } from './panel-server.ts';
import { screenshotPath, saveScreenshot } from './screenshots.ts';
import { expect } from './server.ts';
import { apiCall, connectSpace } from './spaces.ts';

// The panel needs the https server; the web app runs on it as well, so the file needs one server.
const test = panelTest;
test.use(panelBrowserOptions);

const APP_SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
const PANEL_WIDTH = 360;
const LONG_PERSON = 'Maximiliana Alexandrova-Featherstonehaugh von Hohenzollern-Sigmaringen';
const LONG_LANGUAGE = 'Portuguese (Brazil) for long-form landing pages';

/**
 * Checks the screen shown at every width of the web app, and keeps a screenshot of each for a reviewer.
 * `arrange` puts the screen in the state to check once the window has its width (a scroll position, say).
 */
async function atEveryWidth(page: Page, screen: string, arrange?: () => Promise<void>): Promise<void> {
  for (const size of APP_SIZES) {
    await page.setViewportSize(size);
    await arrange?.();
    await expectLayoutHolds(page, screen, size.width);
    await saveScreenshot(page, `widths-${screen}-${size.width}`);
  }
}

const keyRow = (page: Page | FrameLocator, path: string) => page.getByRole('group', { name: path, exact: true });

/** The key list shows the rows in sight only: the last keys (the markdown one) show once it is scrolled down. */
async function scrollKeysToEnd(page: Page | FrameLocator): Promise<void> {
  const list = page.getByTestId('key-list');
  // Rows measured on the way down make the list longer: scroll until the bottom stays the bottom.
  await expect
    .poll(() =>
      list.evaluate(async (element) => {
        element.scrollTo(0, element.scrollHeight);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
      }),
    )
    .toBe(true);
  await expect(keyRow(page, 'page › intro')).toBeInViewport();
}

test.describe('every width', () => {
  test('the web app has no sideways scroll, overlapping or cut-off controls at 1024, 1280 and 1920 px', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await atEveryWidth(page, 'sign-in');
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await atEveryWidth(page, 'sign-up');

    await signUpAndConfirm(page, uniqueEmail('katharina.von-hohenzollern-sigmaringen'));
    const space = services.takeSpace();
    makeContentLong(services, space);
    const spaceId = await connectSpace(page, space);
    await apiCall(page, 'POST', `/api/spaces/${spaceId}/add_language`, { code: 'pt-br', name: LONG_LANGUAGE });
    await apiCall(page, 'POST', `/api/spaces/${spaceId}/glossary_terms`, {
      translatable: LONG_WORD,
      translated: `${LONG_WORD} ${LONG_WORD}`,
      global: true,
      description: `Say ${LONG_WORD} in every language, and never shorten it.`,
    });
    await apiCall(page, 'POST', `/api/spaces/${spaceId}/invite_user`, {
      email: uniqueEmail('alexandra.featherstonehaugh-montgomery-wolfeschlegel'),
      role: 'editor',
    });

    await page.goto('/');
    await page.getByRole('button', { name: 'Open your profile' }).click();
    const profile = page.getByRole('dialog', { name: 'User Profile' });
    await profile.getByRole('textbox', { name: 'Display name' }).fill(LONG_PERSON);
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByText(LONG_PERSON, { exact: true })).toBeVisible();
    await atEveryWidth(page, 'account');
    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();
    await expect(page.getByText(LONG_SPACE_NAME).first()).toBeVisible();
    await atEveryWidth(page, 'spaces');

    await page.goto(`/spaces/${spaceId}/languages`);
    await expect(page.getByRole('link', { name: LONG_LANGUAGE })).toBeVisible();
    await atEveryWidth(page, 'languages');

    await page.goto(`/spaces/${spaceId}/content?locale=de`);
    await page.getByTestId('story-row').filter({ hasText: LONG_STORY_NAME }).click();
    await expect(keyRow(page, 'page › title')).toBeVisible();
    await atEveryWidth(page, 'content-story');
    await atEveryWidth(page, 'content-story-end', () => scrollKeysToEnd(page));

    await page.goto(`/spaces/${spaceId}/content?locale=de&q=${LONG_WORD.slice(0, 12)}`);
    await expect(page.getByTestId('search-result').filter({ hasText: LONG_STORY_NAME })).toBeVisible();
    await atEveryWidth(page, 'content-search');

    await page.goto(`/spaces/${spaceId}/glossary`);
    await expect(page.getByRole('table', { name: 'Glossary terms' })).toContainText(LONG_WORD);
    await atEveryWidth(page, 'glossary');

    await page.goto(`/spaces/${spaceId}/users`);
    await expect(page.getByRole('tab', { name: /Invited/ })).toContainText('1');
    await atEveryWidth(page, 'users');

    // A webhook whose address is one long word: the settings' webhooks wrap it rather than widen the page.
    const hook = await apiCall<{ url: string }>(page, 'POST', `/api/spaces/${spaceId}/hooks`, {
      url: `http://127.0.0.1:9/${LONG_WORD}`,
    });
    await page.goto(`/spaces/${spaceId}/settings`);
    await expect(page.getByRole('heading', { name: 'Synchronization' })).toBeVisible();
    await expect(page.getByRole('region', { name: `Webhook ${hook.url}` })).toBeVisible();
    await atEveryWidth(page, 'settings');

    await page.goto('/support');
    await expect(page).toHaveTitle('Support | Polyblok');
    await atEveryWidth(page, 'support');
    expect(problems).toEqual([]);
  });

  test('the tool panel has none at 360 px', async ({ page, context, services, baseURL }) => {
    test.setTimeout(120_000);
    const space = services.takeSpace();
    const homeId = makeContentLong(services, space);
    const email = uniqueEmail('panel-widths');
    await signUpAndConfirm(page, email);
    const { editor, panel, problems } = await openToolPanel(context, services, baseURL!, {
      identity: { userId: 880_101, userName: LONG_PERSON, email, role: 'admin' },
      space,
      storyId: homeId,
      panelWidth: PANEL_WIDTH,
    });
    const checkPanel = async (screen: string, screenshot: string) => {
      const frame = await (await editor.locator('iframe[title="Polyblok"]').elementHandle())!.contentFrame();
      expect(await frame!.evaluate(() => document.documentElement.clientWidth)).toBe(PANEL_WIDTH);
      await expectLayoutHolds(frame!, screen, PANEL_WIDTH);
      const path = screenshotPath(`widths-panel-${screenshot}-${PANEL_WIDTH}`);
      await editor.locator('#tool-slot').screenshot({ path, animations: 'disabled' });
    };
    await expect(panel.getByRole('button', { name: 'Sign in with Storyblok' })).toBeVisible();
    await checkPanel('the tool panel before signing in', 'sign-in');

    await signInThroughPopup(editor, panel);
    await expect(panel.getByRole('heading', { name: LONG_STORY_NAME, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(keyRow(panel, 'page › title')).toBeVisible();
    await checkPanel('the tool panel with a story', 'story');
    await scrollKeysToEnd(panel);
    await checkPanel('the tool panel at the end of the story', 'story-end');
    expect(problems).toEqual([]);
  });
});
