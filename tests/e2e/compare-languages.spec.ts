import type { Page } from '@playwright/test';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { collectProblems } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { apiCall, ownerWithSpace } from './spaces.ts';

const headline = 'teaser › headline';
const cell = (page: Page, language: string) => page.getByRole('group', { name: `${headline} in ${language}` });
const translation = (page: Page, language: string) =>
  cell(page, language).getByRole('textbox', { name: `${language} translation of ${headline}` });

/** Nothing on the screen is wider than the window: the columns share its width. */
async function expectNoSideways(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const list = document.querySelector('[data-testid="key-list"]')!;
    return {
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
      list: list.scrollWidth - list.clientWidth,
    };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  expect(widths.list).toBeLessThanOrEqual(0);
}

interface HomeContent {
  body: Array<Record<string, unknown>>;
}

test.describe('languages side by side', () => {
  test('German and French beside one source, each saved to its own language and written to Storyblok', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const owner = await ownerWithSpace(page, services, 'compare-languages');
    await page.goto(`/spaces/${owner.spaceId}/content?locale=de`);
    await page.getByTestId('story-row').filter({ hasText: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'Home', level: 2 })).toBeVisible();
    const storyId = new URL(page.url()).searchParams.get('story');

    // The control adds French beside German, and the address keeps it.
    await page.getByRole('combobox', { name: 'Compare with' }).click();
    await page.getByRole('option', { name: 'French (fr)' }).click();
    await expect(page).toHaveURL(/[?&]locales=de(%2C|,)fr\b/);
    await expect(translation(page, 'French')).toHaveValue('Bonjour le monde');

    // A link opens the same view; the tabs and counts are German's, and say so.
    await page.goto(`/spaces/${owner.spaceId}/content?locales=de,fr&story=${storyId}`);
    await expect(translation(page, 'German')).toHaveValue('Hallo Welt');
    await expect(translation(page, 'French')).toHaveValue('Bonjour le monde');
    await expect(page.getByTestId('tabs-language')).toHaveText('Tabs, counts and bulk actions: German');
    await expect(page.getByRole('group', { name: headline, exact: true }).getByText('Hello world')).toHaveCount(1);

    await translation(page, 'German').fill('Hallo, Welt');
    await translation(page, 'French').fill('Salut le monde');
    await expect(page.getByTestId('unsaved-count')).toHaveText('2 unsaved keys');
    await cell(page, 'German').getByRole('button', { name: 'Save' }).click();
    await expect(cell(page, 'German').locator('[data-status]')).toHaveAttribute('data-status', 'verified');
    // French still waits, untouched by the German save; its shortcut saves it in its own column.
    await expect(translation(page, 'French')).toHaveValue('Salut le monde');
    await expect(cell(page, 'French').getByText('Unsaved')).toBeVisible();
    await translation(page, 'French').press('Control+s');
    await expect(cell(page, 'French').locator('[data-status]')).toHaveAttribute('data-status', 'verified');
    await expect(page.getByTestId('unsaved-count')).toBeHidden();

    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSideways(page);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.mouse.move(0, 0);
    await saveScreenshot(page, 'content-compare-languages');

    const french = await apiCall<{ translatable_keys: Array<{ field: string; translated_key_value_text: string }> }>(
      page,
      'GET',
      `/api/content/story/${storyId}?locale=fr`,
    );
    expect(french.translatable_keys.find((key) => key.field === 'headline')?.translated_key_value_text).toBe(
      'Salut le monde',
    );
    const storyblokId = owner.space.storyId(basicFixture.stories.home);
    await expect
      .poll(
        () => {
          const story = services.storyblok.getStory(owner.space.spaceId, storyblokId) as { content: HomeContent };
          const teaser = story.content.body[0]!;
          return [teaser.headline__i18n__de, teaser.headline__i18n__fr];
        },
        { timeout: 30_000, message: 'both translations in the local Storyblok' },
      )
      .toEqual(['Hallo, Welt', 'Salut le monde']);

    // Unsaved French text holds back closing the French column until the translator chooses.
    await translation(page, 'French').fill('Salut tout le monde');
    const language = page.getByRole('combobox', { name: 'Language', exact: true });
    const chooseFrenchFirst = async () => {
      await language.click();
      await page.getByRole('option', { name: 'French (fr)', exact: true }).click();
    };
    await chooseFrenchFirst();
    const warning = page.getByRole('dialog', { name: 'Unsaved translations' });
    await expect(warning).toContainText(`${headline} (French)`);
    await warning.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/[?&]locales=de(%2C|,)fr\b/);
    await expect(translation(page, 'French')).toHaveValue('Salut tout le monde');

    // An address naming too few known languages shows the one of ?locale=.
    await chooseFrenchFirst();
    await warning.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/[?&]locales=fr(%2C|,)de\b/);
    await expect(translation(page, 'French')).toHaveValue('Salut le monde');
    await page.goto(`/spaces/${owner.spaceId}/content?locale=fr&locales=xx,de&story=${storyId}`);
    await expect(page.getByRole('textbox', { name: `Translation of ${headline}` })).toHaveValue('Salut le monde');
    await expect(page).not.toHaveURL(/locales=/);
    expect(problems).toEqual([]);
  });

  test('three languages share the width at 1280 and 1440 pixels; a fourth is dropped', async ({ page, services }) => {
    test.setTimeout(90_000);
    const problems = collectProblems(page);
    const owner = await ownerWithSpace(page, services, 'compare-three');
    await apiCall(page, 'POST', `/api/spaces/${owner.spaceId}/add_language`, { code: 'it', name: 'Italian' });
    await page.goto(`/spaces/${owner.spaceId}/content?locale=fr`);
    await page.getByTestId('story-row').filter({ hasText: 'Home' }).click();
    const storyId = new URL(page.url()).searchParams.get('story');

    await page.goto(`/spaces/${owner.spaceId}/content?locales=fr,it,de,xx&story=${storyId}`);
    await expect(page).toHaveURL(/[?&]locales=fr(%2C|,)it(%2C|,)de(&|$)/);
    await expect(translation(page, 'French')).toHaveValue('Bonjour le monde');
    await expect(translation(page, 'Italian')).toHaveValue('');
    await expect(translation(page, 'German')).toHaveValue('Hallo Welt');
    await expect(page.getByTestId('tabs-language')).toHaveText('Tabs, counts and bulk actions: French');
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSideways(page);
      await expect(cell(page, 'German').getByRole('button', { name: 'Save' })).toBeInViewport();
    }
    await page.mouse.move(0, 0);
    await saveScreenshot(page, 'content-compare-three-languages');
    expect(problems).toEqual([]);
  });
});
