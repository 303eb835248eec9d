import type { Page } from '@playwright/test';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { collectProblems, failedResource } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { apiCall, ownerWithSpace } from './spaces.ts';

interface MeSpace {
  id: number;
  space_locales: Array<{ id: number; code: string }>;
}

/** Polyblok's id of a story of the space, by name, from the readiness list of a language. */
async function storyIdByName(page: Page, spaceId: number, name: string): Promise<number> {
  const me = await apiCall<{ spaces: MeSpace[] }>(page, 'GET', '/api/me');
  const german = me.spaces.find((space) => space.id === spaceId)!.space_locales.find((l) => l.code === 'de')!;
  const list = await apiCall<{ stories: Array<{ id: number; name: string }> }>(
    page,
    'GET',
    `/api/spaces/${spaceId}/readiness?space_locale_id=${german.id}&per_page=100`,
  );
  return list.stories.find((story) => story.name === name)!.id;
}

test.describe('publishing', () => {
  test('a story translated fully is ready, and publishing German publishes German alone in Storyblok', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    // The refused French publish (409) is logged by the browser; nothing else may be.
    const problems = collectProblems(page, [failedResource(409)]);
    const owner = await ownerWithSpace(page, services, 'publish');
    const draftId = await storyIdByName(page, owner.spaceId, 'Draft post');

    // The draft's one key came from Storyblok translated but not verified: not ready, and the editor says why.
    await page.goto(`/spaces/${owner.spaceId}/content?locale=de&story=${draftId}`);
    const publishGerman = page.getByRole('button', { name: 'Publish German' });
    await expect(publishGerman).toBeDisabled();
    const title = page.getByRole('group', { name: 'page › title', exact: true });
    await title.getByRole('textbox', { name: 'Translation of page › title' }).fill('Noch in Arbeit');
    await title.getByRole('button', { name: 'Save' }).click();
    await expect(title.locator('[data-status]')).toHaveAttribute('data-status', 'verified');
    await expect(publishGerman).toBeEnabled();

    // Ready to publish in German, from the Languages screen.
    await page.goto(`/spaces/${owner.spaceId}/languages`);
    await page.getByRole('button', { name: 'Ready to publish in German' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ready to publish in German' });
    const row = dialog.getByRole('row').filter({ has: page.getByRole('link', { name: 'Draft post' }) });
    await expect(row.getByText('Not published')).toBeVisible();
    await expect(row.getByRole('progressbar', { name: 'Completion of Draft post in German' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await saveScreenshot(page, 'publish-ready');
    await row.getByRole('button', { name: 'Publish Draft post in German' }).click();
    await expect(page.getByText('“Draft post” published in German in Storyblok.')).toBeVisible();
    await expect(row.getByText('Published', { exact: true })).toBeVisible();

    // The local Storyblok holds the German translation, German published, French not, the default untouched.
    const stored = services.storyblok.getStory(
      owner.space.spaceId,
      owner.space.storyId(basicFixture.stories.draftPost),
    ) as {
      published: boolean;
      content: Record<string, unknown>;
      translated_stories: Array<{ lang: string; published_at: string | null; unpublished_changes: boolean }>;
    };
    expect(stored.content.title__i18n__de).toBe('Noch in Arbeit');
    expect(stored.translated_stories).toEqual([
      expect.objectContaining({ lang: 'de', published_at: expect.any(String), unpublished_changes: false }),
    ]);
    expect(stored.published).toBe(false);

    // French is not ready: publishing it is refused with the key to finish, a link into the editor.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Ready to publish in French' }).click();
    const french = page.getByRole('dialog', { name: 'Ready to publish in French' });
    const frenchRow = french.getByRole('row').filter({ has: page.getByRole('link', { name: 'Draft post' }) });
    await frenchRow.getByRole('button', { name: 'Publish Draft post in French' }).click();
    const refusal = french.getByRole('alert');
    await expect(refusal).toContainText('cannot be published in French yet');
    // The editor opens at that key.
    await expect(refusal.getByRole('link', { name: 'page › title' })).toHaveAttribute(
      'href',
      new RegExp(`^/spaces/${owner.spaceId}/content\\?locale=fr&story=${draftId}&key=\\d+$`),
    );
    expect(
      services.storyblok.getStory(owner.space.spaceId, owner.space.storyId(basicFixture.stories.draftPost)),
    ).toMatchObject({ translated_stories: [expect.objectContaining({ lang: 'de' })] });
    expect(problems).toEqual([]);
  });
});
