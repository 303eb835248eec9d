import type { FrameLocator, Page } from '@playwright/test';
import { basicFixture as fx } from '#tests/fakes/storyblok/basic-fixture.ts';
import { signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { editorRecord } from './harness/visual-editor-harness.ts';
import { openToolPanel, panelBrowserOptions, panelTest, signInThroughPopup } from './panel-server.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect } from './server.ts';

const test = panelTest;
test.use(panelBrowserOptions);

function keyRow(panel: FrameLocator | Page, path: string) {
  return panel.getByRole('group', { name: path, exact: true });
}

function translation(panel: FrameLocator | Page, path: string) {
  return keyRow(panel, path).getByRole('textbox', { name: `Translation of ${path}` });
}

async function expectStatus(panel: FrameLocator | Page, path: string, status: string, timeout?: number) {
  await expect(keyRow(panel, path).locator('[data-status]')).toHaveAttribute('data-status', status, { timeout });
}

test.describe('the tool panel in the Visual Editor', () => {
  test('signs in through Storyblok, translates the open story and writes it back', async ({
    page,
    context,
    services,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const space = services.takeSpace();
    const homeId = space.storyId(fx.stories.home);
    const email = uniqueEmail('panel');
    // The person already has a Polyblok account; signing in from Storyblok finds it by e-mail address.
    await signUpAndConfirm(page, email);
    const { editor, panel, problems } = await openToolPanel(context, services, baseURL!, {
      identity: { userId: 880_001, userName: 'Pia Panel', email, role: 'admin' },
      space,
      storyId: homeId,
    });
    await expect(panel.getByRole('heading', { name: 'Translate this story with Polyblok' })).toBeVisible();
    await signInThroughPopup(editor, panel);

    // The space was connected with the install's token; the story shows once its first import is done.
    await expect(panel.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByText(space.name)).toBeVisible();
    await expect(panel.getByTestId('progress-de')).toContainText('German (de)');
    await expect(panel.getByTestId('progress-fr')).toContainText('French (fr)');
    await expect(keyRow(panel, 'page › title')).toBeVisible();
    // The editor is in its default language: the panel starts on the first target language.
    await expect(panel.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue('German (de)');

    // The editor switches to French: the panel follows.
    await editor.getByLabel('Editor language').selectOption('fr');
    await expect(panel.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue('French (fr)');
    await expect(translation(panel, 'teaser › headline')).toHaveValue('Bonjour le monde');

    // Save a translation (verified on save) and ask the AI for another key.
    await translation(panel, 'page › title').fill('Bienvenue');
    await keyRow(panel, 'page › title').getByRole('button', { name: 'Save' }).click();
    await expectStatus(panel, 'page › title', 'verified');
    await expect(panel.getByTestId('progress-fr')).toContainText('verified');
    await keyRow(panel, 'teaser › text').getByRole('checkbox', { name: 'Select teaser › text' }).check();
    await panel.getByRole('button', { name: 'Translate with AI' }).click();
    await expectStatus(panel, 'teaser › text', 'unverified', 30_000);

    // The Visual Editor took every height the panel reported.
    const record = await editorRecord(editor);
    expect(record.ignored).toBe(0);
    expect(record.heights.length).toBeGreaterThan(0);
    expect(record.answers.at(-1)).toEqual({ language: 'fr', storyId: homeId });
    const frameHeight = await editor.locator('iframe[title="Polyblok"]').evaluate((frame) => frame.clientHeight);
    expect(frameHeight).toBe(record.heights.at(-1));
    // Narrow as the panel is, the editor's story title is shown whole, with its actions on a line below it.
    const storyTitle = panel.getByRole('heading', { name: 'Home', level: 2 });
    expect(await storyTitle.evaluate((title) => title.scrollWidth <= title.clientWidth)).toBe(true);
    const titleBox = (await storyTitle.boundingBox())!;
    const actionsBox = (await panel.getByRole('button', { name: 'Published content' }).boundingBox())!;
    expect(actionsBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
    await editor.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(editor, 'panel-visual-editor');

    // The same story in the web app, through the panel's link.
    const href = await panel.getByRole('link', { name: 'Open in Polyblok' }).getAttribute('href');
    expect(href).toMatch(new RegExp(`^${baseURL}/spaces/\\d+/content\\?story=\\d+&locale=fr$`));
    await page.goto(href!);
    await expect(translation(page, 'page › title')).toHaveValue('Bienvenue');
    await expectStatus(page, 'page › title', 'verified');
    await expectStatus(page, 'teaser › text', 'unverified');

    // And, after the write-back, in the Storyblok story itself.
    await expect
      .poll(
        () => {
          const content = services.storyblok.getStory(space.spaceId, homeId).content as Record<string, unknown>;
          return content.title__i18n__fr;
        },
        { timeout: 30_000, message: 'the French title written back to Storyblok' },
      )
      .toBe('Bienvenue');
    expect(problems).toEqual([]);
  });

  test('explains a sign-in Storyblok gives no e-mail address for', async ({ context, services, baseURL }) => {
    const space = services.takeSpace();
    const { editor, panel } = await openToolPanel(context, services, baseURL!, {
      identity: { userId: 880_002, userName: 'No Address', email: 'not-an-address', role: 'editor' },
      space,
      storyId: space.storyId(fx.stories.home),
    });
    await signInThroughPopup(editor, panel);
    await expect(panel.getByRole('alert').filter({ hasText: 'Signing in did not work' })).toContainText(
      'Storyblok did not tell Polyblok your e-mail address',
    );
    await expect(panel.getByRole('button', { name: 'Sign in with Storyblok' })).toBeEnabled();
  });
});
