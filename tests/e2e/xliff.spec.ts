import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { collectProblems } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { apiCall, ownerWithSpace } from './spaces.ts';

function keyRow(page: Page, path: string): Locator {
  return page.getByRole('group', { name: path, exact: true });
}

/** The first unit of the file with this note and no target yet: its story, its key, and the file with a target. */
function translateFirst(document: string, note: string, target: string) {
  const unit = new RegExp(
    `<unit id="([^"]+)"[^>]*>\\s*<notes><note category="location">${note}</note></notes>\\s*` +
      '<segment id="s0">\\s*<source>[^<]*</source>(?=\\s*</segment>)',
  );
  const match = unit.exec(document);
  if (!match) throw new Error(`no untranslated "${note}" unit in the file`);
  const files = [...document.slice(0, match.index).matchAll(/<file id="(\d+)"/g)];
  const end = match.index + match[0].length;
  return {
    storyId: Number(files.at(-1)![1]),
    key: match[1]!,
    edited: `${document.slice(0, end)}\n        <target>${target}</target>${document.slice(end)}`,
  };
}

test.describe('XLIFF for agencies', () => {
  test('a folder exported, translated outside and imported shows in the editor, unverified', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const { spaceId } = await ownerWithSpace(page, services, 'xliff');
    await page.goto(`/spaces/${spaceId}/content?locale=de`);
    await page.getByTestId('story-list').getByTestId('story-row').filter({ hasText: 'Blog' }).first().click();
    await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText('Blog');

    await page.getByRole('button', { name: 'XLIFF' }).click();
    await expect(page.getByRole('menu')).toContainText('German, this folder and its subfolders');
    await saveScreenshot(page, 'content-xliff-menu');
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export XLIFF', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('blog-de.xlf');
    const document = await readFile((await file.path())!, 'utf8');
    expect(document).toContain('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"');

    const { storyId, key, edited } = translateFirst(document, 'page › title \\(text\\)', 'Aus der Agentur');
    await page.getByRole('button', { name: 'XLIFF' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Import XLIFF…' }).click();
    await (
      await chooser
    ).setFiles({ name: 'blog-de.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(edited) });
    const summary = page.getByRole('dialog', { name: 'XLIFF imported into German' });
    await expect(summary).toContainText('1 translation stored in German, unverified');
    await saveScreenshot(page, 'content-xliff-import-summary');
    await page.keyboard.press('Escape');
    await expect(summary).toBeHidden();

    const story = await apiCall<{ name: string; translatable_keys: Array<{ key: string }> }>(
      page,
      'GET',
      `/api/content/story/${storyId}?locale=de`,
    );
    expect(story.translatable_keys.map((item) => item.key)).toContain(key);
    await page.goto(`/spaces/${spaceId}/content?locale=de&story=${storyId}`);
    const row = keyRow(page, 'page › title');
    await expect(row.getByRole('textbox', { name: 'Translation of page › title' })).toHaveValue('Aus der Agentur');
    await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'unverified');

    // The story's own export, from its editor, carries the imported translation as a target.
    await page.getByRole('region', { name: 'Story editor' }).getByRole('button', { name: 'XLIFF' }).click();
    await expect(page.getByRole('menu')).toContainText('German, this story');
    const storyDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export XLIFF', exact: true }).click();
    const storyFile = await readFile((await (await storyDownload).path())!, 'utf8');
    expect(storyFile).toContain(`<file id="${storyId}"`);
    expect(storyFile).toContain('<target>Aus der Agentur</target>');
    expect(problems).toEqual([]);
  });
});
