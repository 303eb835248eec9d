import type { Page } from '@playwright/test';
import { logIn, logOut, signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { collectProblems, failedResource } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { apiCall, ownerWithSpace } from './spaces.ts';

interface Locale {
  id: number;
  code: string;
  name: string;
  translated_key_count: number;
  missing_translated_keys_count: number;
  missing_verified_translated_keys_count: number;
}

interface MeSpace {
  id: number;
  translatable_keys_count: number;
  space_locales: Locale[];
}

async function localesOf(page: Page, spaceId: number): Promise<Locale[]> {
  const me = await apiCall<{ spaces: MeSpace[] }>(page, 'GET', '/api/me');
  const space = me.spaces.find((item) => item.id === spaceId);
  if (!space) throw new Error(`space ${spaceId} is not in the account`);
  return space.space_locales;
}

interface ListItem {
  id: number;
  is_folder: boolean;
}

interface Key {
  key: string;
  hash: string;
  field_type: string;
  value: unknown;
}

/** Translates every key of the space into the locale (with the source text) and verifies it, through the API. */
async function completeLanguage(page: Page, spaceId: number, locale: Locale): Promise<void> {
  const folders: Array<number | null> = [null];
  while (folders.length > 0) {
    const folder = folders.pop();
    const path = folder === null ? '/api/content/folder' : `/api/content/folder/${folder}`;
    const listing = await apiCall<{ stories: ListItem[] }>(
      page,
      'GET',
      `${path}?locale=${locale.code}&space_id=${spaceId}`,
    );
    for (const item of listing.stories) {
      if (item.is_folder) {
        folders.push(item.id);
        continue;
      }
      const story = await apiCall<{ translatable_keys: Key[] }>(
        page,
        'GET',
        `/api/content/story/${item.id}?locale=${locale.code}`,
      );
      for (const key of story.translatable_keys) {
        await apiCall(page, 'POST', '/api/content/save_translation', {
          key: key.key,
          story_id: item.id,
          space_locale_id: locale.id,
          field_type: key.field_type,
          value: key.value,
          reference_hash: key.hash,
        });
      }
    }
  }
}

test.describe('languages', () => {
  test('the table shows each language’s counts, and the tabs filter To do and Completed', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const { spaceId } = await ownerWithSpace(page, services, 'langs');
    const before = await localesOf(page, spaceId);
    const french = before.find((locale) => locale.code === 'fr')!;
    await completeLanguage(page, spaceId, french);
    const locales = await localesOf(page, spaceId);
    const sourceKeys = (await apiCall<{ spaces: MeSpace[] }>(page, 'GET', '/api/me')).spaces[0]!
      .translatable_keys_count;
    expect(locales.find((locale) => locale.code === 'fr')).toMatchObject({
      missing_translated_keys_count: 0,
      missing_verified_translated_keys_count: 0,
    });

    await page.goto(`/spaces/${spaceId}/languages`);
    await expect(page).toHaveTitle('Languages | Polyblok');
    await expect(page.getByText(`Translated from English · ${sourceKeys} source keys`)).toBeVisible();
    const rows = page.getByRole('row');
    for (const locale of locales) {
      const row = rows.filter({ has: page.getByRole('link', { name: locale.name, exact: true }) });
      const cells = row.getByRole('cell');
      await expect(cells.nth(0)).toContainText(locale.code);
      await expect(cells.nth(1)).toHaveText(String(locale.missing_translated_keys_count));
      await expect(cells.nth(2)).toHaveText(
        String(locale.missing_verified_translated_keys_count - locale.missing_translated_keys_count),
      );
      const percent = Math.round((locale.translated_key_count / sourceKeys) * 100);
      await expect(row.getByRole('progressbar', { name: `Completion of ${locale.name}` })).toHaveAttribute(
        'aria-valuenow',
        String(percent),
      );
    }
    const french100 = rows.filter({ has: page.getByRole('link', { name: 'French', exact: true }) });
    await expect(french100.getByRole('cell').nth(4)).toHaveText('just now');
    await saveScreenshot(page, 'languages');

    // Below the table, each language's progress: today's counts on the first day, the words French got today.
    const progress = page.getByRole('region', { name: 'Progress' });
    await expect(progress.getByText('Completion over the last 90 days')).toBeVisible();
    await progress.getByLabel('Language').click();
    await page.getByRole('option', { name: 'French' }).click();
    await expect(progress.getByText('100% translated today; the chart fills in day by day.')).toBeVisible();
    await expect(progress.getByText(/^Words translated per day · [1-9][\d,]* words? in 90 days$/)).toBeVisible();
    await expect(progress.locator('svg.recharts-surface')).toHaveCount(2);

    const tabs = page.getByRole('tablist');
    await tabs.getByRole('tab', { name: /To do/ }).click();
    await expect(page).toHaveURL(/\?tab=todo$/);
    await expect(page.getByRole('link', { name: 'German', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'French', exact: true })).toBeHidden();
    await tabs.getByRole('tab', { name: /Completed/ }).click();
    await expect(page.getByRole('link', { name: 'French', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'German', exact: true })).toBeHidden();
    // The tab is in the address: a reload keeps it.
    await page.reload();
    await expect(tabs.getByRole('tab', { name: /Completed/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'German', exact: true })).toBeHidden();
    await tabs.getByRole('tab', { name: /All/ }).click();
    await expect(page.getByRole('link', { name: 'German', exact: true })).toBeVisible();

    // A row opens the content of its language.
    await rows
      .filter({ has: page.getByRole('link', { name: 'German', exact: true }) })
      .getByRole('cell')
      .nth(1)
      .click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${spaceId}/content\\?locale=de$`));
    expect(problems).toEqual([]);
  });

  test('add, edit and delete a language with the rules of section 5, mirrored in Storyblok', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const expected: RegExp[] = [];
    const problems = collectProblems(page, expected);
    const { space, spaceId } = await ownerWithSpace(page, services, 'lang-admin');
    const storyblokCodes = () => services.storyblok.space(space.spaceId).languages.map((language) => language.code);
    await page.goto(`/spaces/${spaceId}/languages`);

    await page.getByRole('button', { name: 'Add a language' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add a language' });
    await expect(add).toBeVisible();
    await saveScreenshot(page, 'language-add-modal');
    await add.getByRole('button', { name: 'Add language' }).click();
    await expect(add.getByText('Language name is required')).toBeVisible();
    await expect(add.getByText('Language code is required')).toBeVisible();

    const code = add.getByRole('textbox', { name: 'Language code' });
    const name = add.getByRole('textbox', { name: 'Language name' });
    await code.fill('pt br');
    await name.fill('Portuguese');
    await add.getByRole('button', { name: 'Add language' }).click();
    await expect(add.getByText('Only letters, numbers, dashes and underscores are allowed')).toBeVisible();
    // The add form takes at most 10 characters of code.
    await code.fill('');
    await code.pressSequentially('abcdefghijklmno');
    await expect(code).toHaveValue('abcdefghij');
    await expect(code).toHaveAttribute('maxlength', '10');
    await expect(name).toHaveAttribute('maxlength', '50');

    // A code the space already has is refused by the server; the dialog says why and keeps the input.
    expected.push(failedResource(409));
    await code.fill('de');
    await add.getByRole('button', { name: 'Add language' }).click();
    await expect(add.getByText('The space already has a language with the code "de".')).toBeVisible();
    await expect(name).toHaveValue('Portuguese');
    await saveScreenshot(page, 'language-add-error');

    await code.fill('pt-br');
    await add.getByRole('button', { name: 'Add language' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText('Language added')).toBeVisible();
    const row = (label: string) =>
      page.getByRole('row').filter({ has: page.getByRole('link', { name: label, exact: true }) });
    await expect(row('Portuguese').getByRole('cell').nth(0)).toContainText('pt-br');
    await expect(row('Portuguese').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expect(row('Portuguese').getByRole('cell').nth(4)).toHaveText('No translations yet');
    expect(storyblokCodes()).toContain('pt-br');

    await page.getByRole('button', { name: 'Actions for Portuguese' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit language' });
    const editCode = edit.getByRole('textbox', { name: 'Language code' });
    await expect(editCode).toHaveValue('pt-br');
    await expect(editCode).toHaveAttribute('maxlength', '50');
    await saveScreenshot(page, 'language-edit-modal');
    await edit.getByRole('textbox', { name: 'Language name' }).fill('Brazilian Portuguese');
    await editCode.fill('pt-BR_2026');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Language updated')).toBeVisible();
    await expect(row('Brazilian Portuguese').getByRole('cell').nth(0)).toContainText('pt-BR_2026');
    expect(storyblokCodes()).toEqual(expect.arrayContaining(['de', 'fr', 'pt-BR_2026']));
    expect(storyblokCodes()).not.toContain('pt-br');

    await page.getByRole('button', { name: 'Actions for Brazilian Portuguese' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete language' });
    await expect(remove.getByText('Brazilian Portuguese (pt-BR_2026)')).toBeVisible();
    await saveScreenshot(page, 'language-delete-modal');
    await remove.getByRole('button', { name: 'Delete language' }).click();
    await expect(remove).toBeHidden();
    await expect(page.getByText('Language deleted')).toBeVisible();
    await expect(row('Brazilian Portuguese')).toHaveCount(0);
    expect(storyblokCodes()).not.toContain('pt-BR_2026');

    // With every language deleted, the page says there is none.
    for (const label of ['French', 'German']) {
      await page.getByRole('button', { name: `Actions for ${label}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Delete language' })
        .getByRole('button', { name: 'Delete language' })
        .click();
      await expect(row(label)).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { name: 'No languages' })).toBeVisible();
    await expect(page.getByText('The space has no target languages')).toBeVisible();
    await saveScreenshot(page, 'languages-empty');
    expect(storyblokCodes()).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('an admin writes a language’s style guide, and finds it as saved when opening it again', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const { spaceId } = await ownerWithSpace(page, services, 'lang-style');
    await page.goto(`/spaces/${spaceId}/languages`);
    await page.getByRole('button', { name: 'Actions for German' }).click();
    await page.getByRole('menuitem', { name: 'Style guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Style guide: German' });
    await dialog.getByText('Formal', { exact: true }).click();
    await dialog.getByLabel('Tone').fill('Warm and plain');
    await dialog.getByLabel('Words to avoid').fill('du');
    await dialog.getByLabel('Words to avoid').press('Enter');
    const instructions = dialog.getByLabel('Instructions');
    await instructions.fill('x'.repeat(2001));
    await expect(dialog.getByText('The instructions are at most 2,000 characters')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await instructions.fill('Keep sentences short.');
    await saveScreenshot(page, 'language-style-guide');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('AI translations into German follow it from now on.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Opened again, it shows what was saved.
    await page.getByRole('button', { name: 'Actions for German' }).click();
    await page.getByRole('menuitem', { name: 'Style guide' }).click();
    await expect(dialog.getByLabel('Tone')).toHaveValue('Warm and plain');
    await expect(dialog.getByLabel('Instructions')).toHaveValue('Keep sentences short.');
    await expect(dialog.getByText('du', { exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('members below admin see the languages without the admin actions', async ({ page, services }) => {
    test.setTimeout(120_000);
    const translator = uniqueEmail('lang-translator');
    await signUpAndConfirm(page, translator);
    await logOut(page);
    const owner = await ownerWithSpace(page, services, 'lang-owner');
    await apiCall(page, 'POST', `/api/spaces/${owner.spaceId}/invite_user`, { email: translator, role: 'translator' });
    await logOut(page);

    const problems = collectProblems(page);
    await logIn(page, translator);
    await page
      .getByRole('group', { name: owner.space.name, exact: true })
      .getByRole('button', { name: 'Join' })
      .click();
    await page
      .getByRole('link')
      .filter({ has: page.getByRole('heading', { name: owner.space.name, exact: true }) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${owner.spaceId}/languages$`));
    await expect(page.getByRole('link', { name: 'German', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add a language' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Actions for German' })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
