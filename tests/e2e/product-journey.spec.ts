import type { Locator, Page } from '@playwright/test';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { collectProblems } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { apiCall, expectSyncProgress } from './spaces.ts';

interface MeSpace {
  id: number;
  name: string;
  translatable_keys_count: number;
  translated_keys_count: number;
}

/** The account's view of the space, read (never changed) through the API to know what the screens must show. */
async function meSpace(page: Page, name: string): Promise<MeSpace> {
  const me = await apiCall<{ spaces: MeSpace[] }>(page, 'GET', '/api/me');
  const space = me.spaces.find((item) => item.name === name);
  if (!space) throw new Error(`"${name}" is not in the account`);
  return space;
}

function keyRow(page: Page, path: string): Locator {
  return page.getByRole('group', { name: path, exact: true });
}

async function expectStatus(page: Page, path: string, status: string, timeout?: number): Promise<void> {
  await expect(keyRow(page, path).locator('[data-status]')).toHaveAttribute('data-status', status, { timeout });
}

async function expectCounts(page: Page, counts: Record<'all' | 'missing' | 'unverified' | 'completed', number>) {
  for (const [tab, count] of Object.entries(counts)) {
    await expect(page.getByTestId(`count-${tab}`)).toHaveText(String(count));
  }
}

function spaceCard(page: Page, name: string): Locator {
  return page.getByRole('link').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

function languageRow(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

interface HomeContent {
  title__i18n__es?: string;
  body: Array<{ headline__i18n__es?: string }>;
  seo__i18n__es?: { title?: string };
}

test.describe('product journey', () => {
  // The journey slows the local services down to watch progress; they are put back whatever happened.
  test.afterEach(({ services }) => {
    services.storyblok.traffic.latencyMs = 0;
    services.openai.traffic.latencyMs = 0;
  });

  test('sign up, add a space, sync, add a language, translate by hand and with AI, and find it in Storyblok', async ({
    page,
    services,
  }) => {
    test.setTimeout(170_000);
    const problems = collectProblems(page);
    const space = services.takeSpace();

    // Sign up, confirmed through the e-mailed link: the welcome screen of an account without spaces.
    await signUpAndConfirm(page, uniqueEmail('journey'));
    await expect(page.getByRole('heading', { name: /Welcome to Polyblok/ })).toBeVisible();
    await saveScreenshot(page, 'journey-welcome');

    // Add the space from the local Storyblok by its personal access token.
    await page.getByRole('button', { name: 'Add a space' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a space' });
    await dialog.getByLabel('Personal access token').fill(space.pat);
    await dialog.getByRole('button', { name: 'Verify token' }).click();
    const offered = dialog.getByRole('group', { name: space.name, exact: true });
    await expect(offered).toBeVisible();
    // A slower Storyblok makes the first sync last long enough to watch it.
    // At 600 ms a request it takes about 12 s: at 250, a busy machine's page could first look when it was over.
    services.storyblok.traffic.latencyMs = 600;
    await offered.getByRole('button', { name: 'Add this space' }).click();
    await expect(page).toHaveURL(/\/spaces\/\d+\/languages$/);
    await expect(page.getByText('Space added')).toBeVisible();
    await expectSyncProgress(page);
    await saveScreenshot(page, 'journey-first-sync');
    await expect(page.getByText('Syncing stories')).toBeHidden({ timeout: 60_000 });
    services.storyblok.traffic.latencyMs = 0;
    await expect(languageRow(page, 'German')).toBeVisible();
    await expect(languageRow(page, 'French')).toBeVisible();

    const synced = await meSpace(page, space.name);
    const sourceKeys = synced.translatable_keys_count;
    expect(sourceKeys).toBeGreaterThan(0);
    await expect(page.getByText(`Translated from English · ${sourceKeys} source keys`)).toBeVisible();

    // The spaces list before the new language: two languages and their completion.
    await page.getByRole('link', { name: 'Back to spaces' }).click();
    const card = spaceCard(page, space.name);
    const percentBefore = Math.round((synced.translated_keys_count / (sourceKeys * 2)) * 100);
    await expect(card.getByText(`${sourceKeys} source keys · 2 languages`)).toBeVisible();
    await expect(card.getByText(`${percentBefore}%`)).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(/\/spaces\/\d+\/languages$/);
    const spaceId = Number(/\/spaces\/(\d+)\//.exec(page.url())![1]);
    expect(spaceId).toBe(synced.id);

    // Add Spanish: it shows with every key missing, and the Storyblok space gets it too.
    await page.getByRole('button', { name: 'Add a language' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add a language' });
    await add.getByRole('textbox', { name: 'Language code' }).fill('es');
    await add.getByRole('textbox', { name: 'Language name' }).fill('Spanish');
    await add.getByRole('button', { name: 'Add language' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText('Language added')).toBeVisible();
    const spanish = languageRow(page, 'Spanish');
    await expect(spanish.getByRole('cell').nth(0)).toContainText('es');
    await expect(spanish.getByRole('cell').nth(1)).toHaveText(String(sourceKeys));
    await expect(spanish.getByRole('cell').nth(2)).toHaveText('0');
    await expect(spanish.getByRole('progressbar', { name: 'Completion of Spanish' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(services.storyblok.space(space.spaceId).languages.map((language) => language.code)).toContain('es');

    // The row opens the content in Spanish; the home story has five keys, all missing.
    await spanish.getByRole('link', { name: 'Spanish', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${spaceId}/content\\?locale=es$`));
    await expect(page.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue('Spanish (es)');
    const home = page.getByTestId('story-list').getByTestId('story-row').filter({ hasText: 'Home' });
    await expect(home).toContainText('5 missing');
    await home.click();
    await expect(page).toHaveURL(/[?&]story=\d+/);
    await expectCounts(page, { all: 5, missing: 5, unverified: 0, completed: 0 });

    // By hand, with verify on save (the default): the key is saved verified.
    await expect(page.getByRole('switch', { name: 'Verify on save' })).toBeChecked();
    await keyRow(page, 'page › title')
      .getByRole('textbox', { name: 'Translation of page › title' })
      .fill('Bienvenidos');
    await keyRow(page, 'page › title').getByRole('button', { name: 'Save' }).click();
    await expectStatus(page, 'page › title', 'verified');
    await expect(keyRow(page, 'page › title').getByRole('switch', { name: 'Verified' })).toBeChecked();
    await expectCounts(page, { all: 5, missing: 4, unverified: 0, completed: 1 });

    // With AI, for a selection: asked at once, translated in the background, shown by the 5-second refresh.
    const asked = ['teaser › headline', 'page › seo › title'];
    for (const path of asked)
      await keyRow(page, path)
        .getByRole('checkbox', { name: `Select ${path}` })
        .check();
    await expect(page.getByRole('checkbox', { name: '2 selected' })).toBeVisible();
    services.openai.traffic.latencyMs = 2_000;
    const requestsBefore = services.openai.requests().length;
    await page.getByRole('button', { name: 'Translate with AI' }).click();
    for (const path of asked) await expectStatus(page, path, 'translation_requested');
    await expect(page.getByRole('status').filter({ hasText: 'This story refreshes every 5 seconds' })).toBeVisible();
    await saveScreenshot(page, 'journey-ai-requested');
    for (const path of asked) await expectStatus(page, path, 'unverified', 30_000);
    expect(services.openai.requests().length).toBeGreaterThan(requestsBefore);
    const translationOf = (path: string) => keyRow(page, path).getByRole('textbox', { name: `Translation of ${path}` });
    await expect(translationOf('teaser › headline')).toHaveValue('[es] olleH dlrow');
    await expect(translationOf('page › seo › title')).toHaveValue('[es] emoH | cisaB');
    await expectCounts(page, { all: 5, missing: 2, unverified: 2, completed: 1 });
    await expect(page.getByRole('status').filter({ hasText: 'This story refreshes every 5 seconds' })).toBeHidden();
    await expect(home).toContainText('2 missing');
    await saveScreenshot(page, 'journey-story-translated');

    // The languages page follows: three Spanish keys translated, one of them verified.
    await page.getByRole('link', { name: 'Translations' }).click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${spaceId}/languages$`));
    await expect(spanish.getByRole('cell').nth(1)).toHaveText(String(sourceKeys - 3));
    await expect(spanish.getByRole('cell').nth(2)).toHaveText('2');
    await expect(spanish.getByRole('progressbar', { name: 'Completion of Spanish' })).toHaveAttribute(
      'aria-valuenow',
      String(Math.round((3 / sourceKeys) * 100)),
    );
    await expect(spanish.getByRole('cell').nth(4)).toHaveText('just now');
    await saveScreenshot(page, 'journey-languages');

    // And the spaces list: three languages, and the completion over all of them.
    await page.getByRole('link', { name: 'Back to spaces' }).click();
    const percentAfter = Math.round(((synced.translated_keys_count + 3) / (sourceKeys * 3)) * 100);
    expect(percentAfter).not.toBe(percentBefore);
    await expect(card.getByText(`${sourceKeys} source keys · 3 languages`)).toBeVisible();
    await expect(card.getByRole('progressbar', { name: `Completion of ${space.name}` })).toHaveAttribute(
      'aria-valuenow',
      String(percentAfter),
    );
    await expect(card.getByText(`${percentAfter}%`)).toBeVisible();
    await saveScreenshot(page, 'journey-spaces');

    // Write-back (batched, about 5 s) puts both translations into the story in the local Storyblok.
    const storyblokId = space.storyId(basicFixture.stories.home);
    await expect
      .poll(
        () => {
          const { content } = services.storyblok.getStory(space.spaceId, storyblokId) as { content: HomeContent };
          return {
            title: content.title__i18n__es ?? null,
            headline: content.body[0]?.headline__i18n__es ?? null,
            seoTitle: content.seo__i18n__es?.title ?? null,
          };
        },
        { timeout: 30_000, message: 'the Spanish translations in the local Storyblok story' },
      )
      .toEqual({ title: 'Bienvenidos', headline: '[es] olleH dlrow', seoTitle: '[es] emoH | cisaB' });
    expect(problems).toEqual([]);
  });
});
