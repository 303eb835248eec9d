import type { Locator, Page } from '@playwright/test';
import { collectProblems, failedResource } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { apiCall, ownerWithSpace } from './spaces.ts';

/** A Mantine notification (role alert) that says `text`. */
function notification(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

function termRow(page: Page, text: string): Locator {
  return page.getByRole('table', { name: 'Glossary terms' }).getByRole('row').filter({ hasText: text });
}

async function chooseLocales(dialog: Locator, page: Page, names: string[]): Promise<void> {
  await dialog.getByLabel('Locales').click();
  for (const name of names) await page.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
}

async function filterBy(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Locale', exact: true }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function addTerm(
  page: Page,
  term: { translatable: string; translated: string; locales?: string[]; global?: boolean },
): Promise<void> {
  await page.getByRole('button', { name: 'Add new term' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new term' });
  await dialog.getByRole('textbox', { name: 'Translatable text' }).fill(term.translatable);
  await dialog.getByRole('textbox', { name: 'Translated text' }).fill(term.translated);
  if (term.global) await dialog.getByRole('switch', { name: 'Global term' }).check();
  if (term.locales) await chooseLocales(dialog, page, term.locales);
  await dialog.getByRole('button', { name: 'Add term' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('glossary', () => {
  test('terms are added, refused with the spec’s messages, edited, filtered by locale and deleted', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const { spaceId } = await ownerWithSpace(page, services, 'glossary');
    // The duplicate below is refused on purpose; the browser logs that answer.
    const problems = collectProblems(page, [failedResource(409)]);

    await page.goto(`/spaces/${spaceId}/glossary`);
    await expect(page).toHaveTitle('Glossary | Polyblok');
    await expect(page.getByText('No glossary terms found')).toBeVisible();

    // Every broken rule is its own red notification titled Error; the form stays open.
    await page.getByRole('button', { name: 'Add new term' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new term' });
    await dialog.getByRole('button', { name: 'Add term' }).click();
    for (const message of [
      'Translatable text cannot be empty',
      'Translated text cannot be empty',
      'Please select at least one locale or mark the term as global',
    ]) {
      await expect(notification(page, message)).toContainText('Error');
    }
    await expect(dialog).toBeVisible();
    await saveScreenshot(page, 'glossary-add-term-error');
    await dialog.getByRole('textbox', { name: 'Translatable text' }).fill('Checkout');
    await dialog.getByRole('textbox', { name: 'Translated text' }).fill('Kasse');
    await dialog.getByRole('button', { name: 'Add term' }).click();
    await expect(notification(page, 'Please select at least one locale or mark the term as global')).toHaveCount(2);
    await expect(dialog.getByRole('textbox', { name: 'Translatable text' })).toHaveValue('Checkout');
    await expect(dialog.getByRole('textbox', { name: 'Translated text' })).toHaveValue('Kasse');

    await chooseLocales(dialog, page, ['German (de)']);
    await saveScreenshot(page, 'glossary-add-term');
    await dialog.getByRole('button', { name: 'Add term' }).click();
    await expect(notification(page, 'Term added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(termRow(page, 'Kasse')).toContainText('de');

    await addTerm(page, { translatable: 'Checkout', translated: 'Caisse', locales: ['French (fr)'] });
    await addTerm(page, { translatable: 'Polyblok', translated: 'Polyblok', global: true });
    await expect(termRow(page, 'Polyblok').getByText('Global', { exact: true })).toBeVisible();

    // The server refuses a second term for the same text and language: its reason is shown, the input kept.
    await page.getByRole('button', { name: 'Add new term' }).click();
    await dialog.getByRole('textbox', { name: 'Translatable text' }).fill('Checkout');
    await dialog.getByRole('textbox', { name: 'Translated text' }).fill('Bezahlen');
    await chooseLocales(dialog, page, ['German (de)']);
    await dialog.getByRole('button', { name: 'Add term' }).click();
    const failure = notification(page, 'Failed to add term');
    await expect(failure).toBeVisible();
    await expect(failure).toContainText(/Checkout/);
    await expect(dialog.getByRole('textbox', { name: 'Translated text' })).toHaveValue('Bezahlen');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(termRow(page, 'Bezahlen')).toHaveCount(0);

    // The locale filter is in the URL: a language shows its own terms and the global ones.
    await filterBy(page, 'German (de)');
    await expect(page).toHaveURL(/[?&]locale=de\b/);
    await expect(termRow(page, 'Kasse')).toBeVisible();
    await expect(termRow(page, 'Polyblok')).toBeVisible();
    await expect(termRow(page, 'Caisse')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Locale', exact: true })).toHaveValue('German (de)');
    await expect(termRow(page, 'Caisse')).toHaveCount(0);
    await filterBy(page, 'French (fr)');
    await expect(termRow(page, 'Caisse')).toBeVisible();
    await expect(termRow(page, 'Kasse')).toHaveCount(0);
    await filterBy(page, 'All languages');
    await expect(page).not.toHaveURL(/locale=/);
    await expect(page.getByRole('table', { name: 'Glossary terms' }).getByRole('row')).toHaveCount(4);
    await saveScreenshot(page, 'glossary');

    // A language the space lacks is said to be lacking, and every language's terms are shown.
    await page.goto(`${page.url()}?locale=it`);
    await expect(page.getByRole('alert').filter({ hasText: 'No such language' })).toContainText('has no language “it”');
    await expect(page.getByRole('table', { name: 'Glossary terms' }).getByRole('row')).toHaveCount(4);
    await page.goBack();

    await page.getByRole('textbox', { name: 'Search terms' }).fill('kasse');
    await expect(page.getByRole('table', { name: 'Glossary terms' }).getByRole('row')).toHaveCount(2);
    await page.getByRole('textbox', { name: 'Search terms' }).fill('nothing like this');
    await expect(page.getByText('No glossary terms found')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search terms' }).fill('');

    // Editing needs both texts, like adding; a valid edit is saved.
    await termRow(page, 'Kasse').getByRole('button', { name: 'Edit Checkout' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit term' });
    await expect(edit.getByRole('textbox', { name: 'Translated text' })).toHaveValue('Kasse');
    await edit.getByRole('textbox', { name: 'Translated text' }).fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(notification(page, 'Translated text cannot be empty').last()).toContainText('Error');
    await expect(edit).toBeVisible();
    await edit.getByRole('textbox', { name: 'Translated text' }).fill('Zur Kasse');
    await edit.getByRole('textbox', { name: 'Description' }).fill('The button that starts the payment');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(notification(page, 'Term updated successfully')).toBeVisible();
    await expect(termRow(page, 'Zur Kasse')).toContainText('The button that starts the payment');

    await termRow(page, 'Polyblok').getByRole('button', { name: 'Delete Polyblok' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete term' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(notification(page, 'Term deleted')).toBeVisible();
    await expect(termRow(page, 'Polyblok')).toHaveCount(0);

    // What the screens showed is what the server keeps.
    const saved = await apiCall<{ terms: Array<{ translatable: string; translated: string; global: boolean }> }>(
      page,
      'GET',
      `/api/spaces/${spaceId}/glossary_terms`,
    );
    expect(saved.terms.map((t) => `${t.translatable}=${t.translated}`).sort()).toEqual([
      'Checkout=Caisse',
      'Checkout=Zur Kasse',
    ]);
    expect(problems).toEqual([]);
  });

  test('a term added in the screens reaches the AI prompt and is highlighted in the editor', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const { spaceId } = await ownerWithSpace(page, services, 'glossary-ai');
    const problems = collectProblems(page);
    await page.goto(`/spaces/${spaceId}/glossary`);
    await addTerm(page, { translatable: 'Hello world', translated: 'Salut la planète', locales: ['French (fr)'] });
    await expect(notification(page, 'Term added successfully')).toBeVisible();

    const me = await apiCall<{ spaces: Array<{ id: number; space_locales: Array<{ id: number; code: string }> }> }>(
      page,
      'GET',
      '/api/me',
    );
    const fr = me.spaces.find((s) => s.id === spaceId)!.space_locales.find((l) => l.code === 'fr')!;
    const root = await apiCall<{ stories: Array<{ id: number; name: string }> }>(
      page,
      'GET',
      `/api/content/folder?locale=fr&space_id=${spaceId}`,
    );
    const home = root.stories.find((s) => s.name === 'Home')!;
    const story = await apiCall<{ translatable_keys: Array<{ key: string; value: unknown }> }>(
      page,
      'GET',
      `/api/content/story/${home.id}?locale=fr`,
    );
    const headline = story.translatable_keys.find((k) => k.value === 'Hello world')!;

    await apiCall(page, 'POST', '/api/content/ai_translate', {
      key: headline.key,
      story_id: home.id,
      space_locale_id: fr.id,
      value: 'Hello world',
      target_locale: 'fr',
    });
    const prompts = services.openai.requests().map((request) => request.translationRequest?.glossary ?? []);
    expect(prompts.flat()).toContainEqual(
      expect.objectContaining({ term: 'Hello world', translation: 'Salut la planète' }),
    );

    await page.goto(`/spaces/${spaceId}/content?locale=fr&story=${home.id}`);
    const highlighted = page.locator('mark[data-glossary-term="Hello world"]').first();
    await expect(highlighted).toBeVisible();
    await expect(highlighted).toHaveText('Hello world');
    await saveScreenshot(page, 'glossary-term-in-editor');
    expect(problems).toEqual([]);
  });
});
