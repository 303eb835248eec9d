import { readFileSync } from 'node:fs';
import path from 'node:path';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { normalizeDatasources } from '#tests/fakes/storyblok/datasources.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { apiCall, ownerWithSpace } from './spaces.ts';

const datasourcesFile = path.join(basicFixture.dir, 'spaces', String(basicFixture.spaceId), 'datasources.json');

test.describe('datasources', () => {
  test('a datasource added in Storyblok is translated under Datasources, written to its dimension, and mapped in Settings', async ({
    page,
    services,
  }) => {
    test.setTimeout(90_000);
    const owner = await ownerWithSpace(page, services, 'datasources');
    // The team adds the basic space's datasources in Storyblok (Navigation with a German and a French dimension),
    // then synchronizes.
    const live = services.storyblok.state.space(owner.space.spaceId);
    live.datasources = normalizeDatasources(JSON.parse(readFileSync(datasourcesFile, 'utf8')), datasourcesFile);
    await page.goto(`/spaces/${owner.spaceId}/settings`);
    await page.getByRole('button', { name: 'Synchronize now' }).click();
    await expect(page.getByText('Syncing stories')).toBeHidden({ timeout: 30_000 });

    const german = page.getByRole('combobox', { name: 'Datasource dimension of German' });
    await expect(german).toHaveValue('de (German)');
    await expect(page.getByRole('row', { name: /German/ }).getByText('1 of 1 datasource')).toBeVisible();
    await german.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'settings-datasources');

    await page.goto(`/spaces/${owner.spaceId}/content?locale=de`);
    await page
      .getByTestId('story-list')
      .getByRole('link', { name: /Datasources/ })
      .click();
    await page
      .getByTestId('story-list')
      .getByRole('link', { name: /Navigation/ })
      .click();
    const home = page.getByRole('group', { name: 'nav_home', exact: true });
    await expect(home.getByRole('textbox', { name: 'Translation of nav_home' })).toHaveValue('Startseite');
    await expect(page.getByText('Datasource', { exact: true }).first()).toBeVisible();
    // Nothing to publish: Storyblok serves a datasource's entries as they are written.
    await expect(page.getByRole('button', { name: /^Publish/ })).toHaveCount(0);

    const about = page.getByRole('group', { name: 'nav_about', exact: true });
    await about.getByRole('textbox', { name: 'Translation of nav_about' }).fill('Über uns');
    await about.getByRole('button', { name: 'Save' }).click();
    await expect(about.locator('[data-status]')).toHaveAttribute('data-status', 'verified');
    await saveScreenshot(page, 'content-datasource');
    await expect
      .poll(() => live.datasources[0]!.entries.find((entry) => entry.name === 'nav_about')?.dimension_values['7101'], {
        timeout: 20_000,
        message: 'the German dimension of nav_about in Storyblok',
      })
      .toBe('Über uns');
    const mapping = await apiCall<{ languages: Array<{ code: string; dimension: string | null }> }>(
      page,
      'GET',
      `/api/spaces/${owner.spaceId}/datasource_dimensions`,
    );
    expect(mapping.languages.map((language) => [language.code, language.dimension])).toEqual([
      ['de', null],
      ['fr', null],
    ]);
  });
});
