import type { FrameLocator } from '@playwright/test';
import { basicFixture as fx } from '#tests/fakes/storyblok/basic-fixture.ts';
import { galleryAsset, galleryComponent, galleryTable } from '#tests/support/gallery-story.ts';
import { signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { failedResource } from './browser-problems.ts';
import { openToolPanel, panelBrowserOptions, panelTest, signInThroughPopup } from './panel-server.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect } from './server.ts';

const test = panelTest;
test.use(panelBrowserOptions);

// Storyblok's image service, as the browser meets it: the machine that runs the tests cannot reach the real one.
const ASSETS = /^https:\/\/a\.storyblok\.com\/f\//;
const IMAGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="#5c7cfa"/></svg>';
const heroAsset = galleryAsset(501, 'A lighthouse at dusk', 'Lighthouse');

const keyRow = (panel: FrameLocator, path: string) => panel.getByRole('group', { name: path, exact: true });
const translation = (panel: FrameLocator, path: string) =>
  keyRow(panel, path).getByRole('textbox', { name: `Translation of ${path}` });

/** Scrolls the panel's key list until the key's row is drawn (the list draws only the rows in view). */
async function showKey(panel: FrameLocator, path: string) {
  const list = panel.getByTestId('key-list');
  await expect
    .poll(
      async () => {
        if ((await keyRow(panel, path).count()) === 0) await list.evaluate((element) => element.scrollBy(0, 160));
        return keyRow(panel, path).count();
      },
      { message: `the row of ${path}` },
    )
    .toBeGreaterThan(0);
  await keyRow(panel, path).scrollIntoViewIfNeeded();
}

async function save(panel: FrameLocator, path: string, value: string) {
  await translation(panel, path).fill(value);
  await keyRow(panel, path).getByRole('button', { name: 'Save' }).click();
  await expect(keyRow(panel, path).locator('[data-status]')).toHaveAttribute('data-status', 'verified');
}

test.describe('the tool panel beyond text fields', () => {
  test('translates an image’s alt text beside the image, a table cell and the page’s slug, and all reach Storyblok', async ({
    page,
    context,
    services,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const space = services.takeSpace();
    const homeId = space.storyId(fx.stories.home);
    // The space's home page has a translatable image, and the space translates slugs (German has its own).
    const live = services.storyblok.state.space(space.spaceId);
    live.components.push(structuredClone(galleryComponent));
    const content = structuredClone(services.storyblok.getStory(space.spaceId, homeId).content) as {
      body: unknown[];
    };
    const prices = galleryTable(['Tour', 'Price'], [['Morning tour', '12 €']]);
    content.body.push({ _uid: 'gallery-1', component: 'gallery', hero: heroAsset, prices });
    services.storyblok.editStory(space.spaceId, homeId, {
      content,
      translated_slugs_attributes: [{ lang: 'de', slug: 'startseite', name: 'Startseite' }],
    });

    await context.route(ASSETS, (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: IMAGE_SVG }),
    );
    const email = uniqueEmail('panel-images');
    await signUpAndConfirm(page, email);
    const { editor, panel, problems } = await openToolPanel(context, services, baseURL!, {
      identity: { userId: 880_101, userName: 'Ines Images', email, role: 'admin' },
      space,
      storyId: homeId,
    });
    await signInThroughPopup(editor, panel);
    await expect(panel.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible({ timeout: 30_000 });
    await editor.getByLabel('Editor language').selectOption('fr');
    await expect(panel.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue('French (fr)');

    // The alt text and the title, each beside a small copy of the image they describe.
    const alt = 'gallery › hero › alt text';
    await showKey(panel, alt);
    await expect(keyRow(panel, alt).getByTestId('key-image')).toHaveAttribute('src', `${heroAsset.filename}/m/160x0`);
    await showKey(panel, 'gallery › hero › title');
    await expect(keyRow(panel, 'gallery › hero › title').getByTestId('key-image')).toBeVisible();
    await save(panel, alt, 'Un phare au crépuscule');

    // A table cell, named by its place; the language's table keeps every other cell's source.
    const cell = 'gallery › prices › row 1, column 1';
    await showKey(panel, cell);
    await save(panel, cell, 'Visite du matin');

    // The slug: French has none of its own yet; a slug with spaces is refused, a proper one saved.
    const slug = 'story › slug';
    await showKey(panel, slug);
    await expect(keyRow(panel, slug).locator('[data-status]')).toHaveAttribute('data-status', 'missing');
    await translation(panel, slug).fill('page d’accueil');
    await keyRow(panel, slug).getByRole('button', { name: 'Save' }).click();
    const refusal = panel
      .getByRole('alert')
      .filter({ hasText: 'A slug takes lowercase letters, digits and dashes only' });
    await expect(refusal).toBeVisible();
    await refusal.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(refusal).toBeHidden();
    // What was typed stays, to be corrected.
    await expect(translation(panel, slug)).toHaveValue('page d’accueil');
    await save(panel, slug, 'accueil');
    await saveScreenshot(editor, 'panel-image-and-slug');

    await expect
      .poll(
        () => {
          const story = services.storyblok.getStory(space.spaceId, homeId) as {
            content: { body: Array<Record<string, unknown>> };
            translated_slugs?: Array<{ lang: string; slug: string }>;
          };
          const gallery = story.content.body.find((blok) => blok.component === 'gallery')!;
          return {
            table: gallery.prices__i18n__fr,
            alt: (gallery.hero__i18n__fr as { alt?: string } | undefined)?.alt,
            image: (gallery.hero__i18n__fr as { filename?: string } | undefined)?.filename,
            slugs: (story.translated_slugs ?? []).map((entry) => `${entry.lang}:${entry.slug}`).sort(),
          };
        },
        { timeout: 30_000, message: 'the French alt text and slug written to Storyblok' },
      )
      .toEqual({
        table: galleryTable(['Tour', 'Price'], [['Visite du matin', '12 €']]),
        alt: 'Un phare au crépuscule',
        image: heroAsset.filename,
        slugs: ['de:startseite', 'fr:accueil'],
      });
    // The refused slug's 400 is the one failed request: the browser logs it.
    expect(problems.filter((problem) => !failedResource(400).test(problem))).toEqual([]);
  });
});
