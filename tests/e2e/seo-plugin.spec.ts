import { expect, test, type Page } from '@playwright/test';
import { collectProblems } from './browser-problems.ts';
import {
  buildPluginForContainer,
  containerRecord,
  openContainer,
  PLUGIN_ORIGIN,
  pluginFrame,
  routeFieldPluginHosts,
  type PluginBuild,
} from './harness/field-plugin-harness.ts';
import { assets, config, storedValue } from './harness/seo-plugin-fixtures.ts';
import { saveScreenshot } from './screenshots.ts';

// The SEO field plugin (plugin/) inside a container page that speaks Storyblok's field-plugin
// protocol; no Polyblok server is involved.

const INTRUDER_ORIGIN = 'http://intruder.polyblok.test';

async function currentModel(page: Page): Promise<Record<string, unknown>> {
  return (await containerRecord(page)).model as Record<string, unknown>;
}

let build: PluginBuild;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  build = await buildPluginForContainer();
});

test.afterAll(async () => {
  await build?.remove();
});

test.beforeEach(async ({ page }) => {
  await routeFieldPluginHosts(page, build);
});

test.describe('SEO field plugin in a Storyblok container', () => {
  test('loads the stored value, edits it with counters and preview, and the container receives it', async ({
    page,
  }) => {
    const problems = collectProblems(page);
    await openContainer(page, config(storedValue));
    const plugin = pluginFrame(page);

    const title = plugin.getByLabel('Title', { exact: true });
    await expect(title).toHaveValue(storedValue.title);
    await expect(plugin.getByLabel('Description', { exact: true })).toHaveValue(storedValue.description);
    await expect(plugin.getByLabel('Open Graph Title')).toHaveValue(storedValue.og_title);
    await expect(plugin.getByText('28 / 60')).toBeVisible();

    const preview = plugin.getByTestId('search-preview');
    await expect(preview).toContainText('example.com');
    await expect(preview).toContainText('https://www.example.com › pricing');
    await expect(preview).toContainText(storedValue.title);

    const handshake = await containerRecord(page);
    expect(handshake.received[0]).toMatchObject({ action: 'plugin-changed', event: 'loaded', uid: 'seo-field-1' });
    expect(handshake.sent[0]).toMatchObject({ action: 'loaded', callbackId: handshake.received[0]?.callbackId });
    // The container sized the iframe from the plugin's heightChange messages.
    expect(handshake.height).toBeGreaterThan(300);
    const frameHeight = await page.locator('iframe').evaluate((frame) => frame.getBoundingClientRect().height);
    expect(frameHeight).toBe(handshake.height);

    const longTitle = 'Pricing plans for content teams of every size, from startups to global brands';
    await title.fill(longTitle);
    await expect(plugin.getByText('77 / 60')).toBeVisible();
    await expect(plugin.getByText('17 characters over 60: search engines cut the rest off.')).toBeVisible();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    // Google cuts at about 600 px: the preview shows the start of the title and an ellipsis.
    const shownTitle = await preview.locator('.pb-serp__title').innerText();
    expect(shownTitle).toMatch(/^Pricing plans for content teams .* \.\.\.$/);
    expect(shownTitle.length).toBeLessThan(longTitle.length);

    await plugin.getByLabel('X Description').fill('Plans for every team, shared on X.');
    await expect
      .poll(() => currentModel(page))
      .toEqual({
        ...storedValue,
        title: longTitle,
        twitter_description: 'Plans for every team, shared on X.',
      });

    // Every update was answered with a state-changed carrying its callbackId, and the plugin's
    // inputs kept every keystroke despite the echoes.
    const record = await containerRecord(page);
    const updates = record.received.filter((message) => message.event === 'update');
    expect(updates.length).toBeGreaterThan(0);
    for (const update of updates) {
      expect(record.sent).toContainEqual(
        expect.objectContaining({ action: 'state-changed', callbackId: update.callbackId }),
      );
    }
    await expect(title).toHaveValue(longTitle);
    await expect(page.locator('#stored-value')).toContainText(longTitle);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'seo-plugin-edit');
    expect(problems).toEqual([]);
  });

  test('opens in the full-screen modal and closes with the button and with Escape', async ({ page }) => {
    const problems = collectProblems(page);
    await openContainer(page, config(storedValue));
    const plugin = pluginFrame(page);

    await plugin.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.locator('#field-frame-holder')).toHaveClass(/modal/);
    await expect(plugin.getByRole('button', { name: 'Close full screen' })).toBeVisible();
    let record = await containerRecord(page);
    expect(record.received.filter((message) => message.event === 'toggleModal').at(-1)).toMatchObject({ status: true });
    expect(record.isModalOpen).toBe(true);
    await saveScreenshot(page, 'seo-plugin-modal');

    await plugin.getByRole('button', { name: 'Close full screen' }).click();
    await expect(page.locator('#field-frame-holder')).not.toHaveClass(/modal/);

    await plugin.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.locator('#field-frame-holder')).toHaveClass(/modal/);
    await plugin.getByLabel('Title', { exact: true }).press('Escape');
    await expect(page.locator('#field-frame-holder')).not.toHaveClass(/modal/);
    record = await containerRecord(page);
    expect(
      record.received.filter((message) => message.event === 'toggleModal').map((message) => message.status),
    ).toEqual([true, false, true, false]);
    expect(problems).toEqual([]);
  });

  test('repairs invalid stored content without losing its text', async ({ page }) => {
    const problems = collectProblems(page);
    await openContainer(
      page,
      config({
        title: 2026,
        description: ['Plans for', 'every team'],
        og_title: { nested: true },
        og_image: { ...assets[0], filename: assets[0]?.filename },
        twitter_title: 'Pricing on X',
        keywords: 'pricing, plans',
        legacy_score: 7,
      }),
    );
    const plugin = pluginFrame(page);

    await expect(plugin.getByLabel('Title', { exact: true })).toHaveValue('2026');
    await expect(plugin.getByLabel('Description', { exact: true })).toHaveValue('Plans for every team');
    await expect(plugin.getByLabel('X Title')).toHaveValue('Pricing on X');
    await expect(plugin.getByRole('textbox', { name: 'Open Graph Image' })).toHaveValue(assets[0]?.filename ?? '');
    await expect(plugin.getByRole('status').filter({ hasText: 'The stored SEO value was repaired.' })).toContainText(
      'removed unknown keys: keywords, legacy_score',
    );

    await expect
      .poll(() => currentModel(page))
      .toEqual({
        plugin: 'polyblok-seo',
        title: '2026',
        description: 'Plans for every team',
        og_title: '',
        og_description: '',
        og_image: assets[0]?.filename,
        twitter_title: 'Pricing on X',
        twitter_description: '',
        twitter_image: '',
      });
    await saveScreenshot(page, 'seo-plugin-repaired');
    expect(problems).toEqual([]);
  });

  test('chooses an image through the asset selector', async ({ page }) => {
    const problems = collectProblems(page);
    await openContainer(page, config(storedValue));
    const plugin = pluginFrame(page);

    await plugin.getByRole('button', { name: 'Choose the X image' }).click();
    const selector = page.getByRole('dialog', { name: 'Select an asset' });
    await expect(selector).toBeVisible();
    await selector.getByRole('button', { name: 'launch-banner.png' }).click();
    await expect(selector).toBeHidden();

    await expect(plugin.getByRole('textbox', { name: 'X Image' })).toHaveValue(assets[1]?.filename ?? '');
    await expect(plugin.getByRole('figure', { name: 'X card preview' }).locator('img')).toHaveAttribute(
      'src',
      assets[1]?.filename ?? '',
    );
    await expect.poll(async () => (await currentModel(page)).twitter_image).toBe(assets[1]?.filename);
    const record = await containerRecord(page);
    const request = record.received.find((message) => message.event === 'showAssetModal');
    expect(request?.callbackId).toEqual(expect.any(String));
    expect(record.sent).toContainEqual(
      expect.objectContaining({ action: 'asset-selected', callbackId: request?.callbackId }),
    );

    // Cancelling the selector changes nothing and leaves the plugin usable.
    await plugin.getByRole('button', { name: 'Choose the Open Graph image' }).click();
    await page.getByRole('dialog', { name: 'Select an asset' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(plugin.getByRole('textbox', { name: 'Open Graph Image' })).toHaveValue(storedValue.og_image);
    await plugin.getByRole('button', { name: 'Remove the Open Graph image' }).click();
    await expect.poll(async () => (await currentModel(page)).og_image).toBe('');
    await saveScreenshot(page, 'seo-plugin-asset');
    expect(problems).toEqual([]);
  });

  test('shows the default-language values beside the fields in a translation', async ({ page }) => {
    const problems = collectProblems(page);
    const german = { ...storedValue, title: 'Preise für jedes Team', description: '', og_title: '' };
    const base = config(storedValue);
    await openContainer(page, {
      ...base,
      language: 'de',
      story: { ...base.story, content: { ...base.story.content, seo__i18n__de: german } },
    });
    const plugin = pluginFrame(page);

    await expect(plugin.getByText('DE', { exact: true })).toBeVisible();
    await expect(plugin.getByLabel('Title', { exact: true })).toHaveValue(german.title);
    const hints = plugin.locator('.pb-default');
    await expect(hints.filter({ hasText: storedValue.title })).toBeVisible();
    await expect(hints.filter({ hasText: storedValue.description })).toBeVisible();
    await expect(plugin.getByTestId('search-preview')).toContainText('https://www.example.com › de › preise');

    // The plugin asked for the story with a callbackId and the container answered with it.
    const record = await containerRecord(page);
    const request = record.received.find((message) => message.event === 'getContext');
    expect(request?.callbackId).toEqual(expect.any(String));
    expect(record.sent).toContainEqual(
      expect.objectContaining({ action: 'get-context', callbackId: request?.callbackId }),
    );

    await plugin.getByRole('button', { name: 'Copy the default-language description' }).click();
    await expect(plugin.getByLabel('Description', { exact: true })).toHaveValue(storedValue.description);
    await expect.poll(() => currentModel(page)).toEqual({ ...german, description: storedValue.description });
    await saveScreenshot(page, 'seo-plugin-translation');
    expect(problems).toEqual([]);
  });

  test('ignores messages from another origin and for another field', async ({ page }) => {
    const problems = collectProblems(page);
    await openContainer(page, config(storedValue));
    const plugin = pluginFrame(page);
    const title = plugin.getByLabel('Title', { exact: true });
    await expect(title).toHaveValue(storedValue.title);

    const handshake = (await containerRecord(page)).sent[0] ?? {};
    const forged = { ...handshake, action: 'state-changed', callbackId: undefined, model: { title: 'Forged' } };
    // From the container's own origin, for another field's uid.
    await page.evaluate(
      ({ message, origin }) => document.querySelector('iframe')?.contentWindow?.postMessage(message, origin),
      { message: { ...forged, uid: 'another-field' }, origin: PLUGIN_ORIGIN },
    );
    // With the right uid, from a page of another origin framed beside the plugin.
    await page.route(`${INTRUDER_ORIGIN}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<script>parent.frames[0].postMessage(${JSON.stringify(forged)}, '*'); parent.postMessage('posted', '*');</script>`,
      }),
    );
    await page.evaluate((origin) => {
      const intruder = document.createElement('iframe');
      intruder.src = `${origin}/`;
      document.body.appendChild(intruder);
    }, INTRUDER_ORIGIN);
    // The container drops the intruder's note as it would any message not from its plugin.
    await expect.poll(async () => (await containerRecord(page)).ignored).toBeGreaterThan(0);

    // A real round trip after the forgeries: the plugin answers it and still holds the stored title.
    await plugin.getByLabel('Description', { exact: true }).fill('Checked after the forged messages.');
    await expect.poll(async () => (await currentModel(page)).description).toBe('Checked after the forged messages.');
    await expect(title).toHaveValue(storedValue.title);
    expect((await currentModel(page)).title).toBe(storedValue.title);
    expect(problems).toEqual([]);
  });
});
