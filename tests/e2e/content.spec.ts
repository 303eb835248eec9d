import type { Locator, Page } from '@playwright/test';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { collectProblems, failedResource } from './browser-problems.ts';
import type { LocalServices } from './local-services.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { apiCall, ownerWithSpace, type OwnerWithSpace } from './spaces.ts';

interface StoryListItem {
  id: number;
  name: string;
  is_folder: boolean;
}

/** Polyblok's id of a story of the basic space, found by name from the root or a folder path. */
async function storyIdByName(page: Page, spaceId: number, path: string[], locale = 'de'): Promise<number> {
  let folder: number | null = null;
  let found: StoryListItem | undefined;
  for (const name of path) {
    const url: string =
      folder === null
        ? `/api/content/folder?locale=${locale}&space_id=${spaceId}`
        : `/api/content/folder/${folder}?locale=${locale}&space_id=${spaceId}`;
    const listing = await apiCall<{ stories: StoryListItem[] }>(page, 'GET', url);
    found = listing.stories.find((item) => item.name === name);
    if (!found) throw new Error(`no "${name}" in ${url}`);
    folder = found.id;
  }
  return found!.id;
}

function storyRows(page: Page): Locator {
  return page.getByTestId('story-list').getByTestId('story-row');
}

function keyRow(page: Page, path: string): Locator {
  return page.getByRole('group', { name: path, exact: true });
}

function translation(page: Page, path: string): Locator {
  return keyRow(page, path).getByRole('textbox', { name: `Translation of ${path}` });
}

async function expectStatus(page: Page, path: string, status: string): Promise<void> {
  await expect(keyRow(page, path).locator('[data-status]')).toHaveAttribute('data-status', status);
}

async function expectCounts(page: Page, counts: Record<'all' | 'missing' | 'unverified' | 'completed', number>) {
  for (const [tab, count] of Object.entries(counts)) {
    await expect(page.getByTestId(`count-${tab}`)).toHaveText(String(count));
  }
}

/** A Mantine notification (role alert) that says `text`. */
function notification(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Picks a language in the editor's Language select (which may ask first, with unsaved text). */
async function pickLocale(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Language', exact: true }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Switches the editor's language and waits until the keys shown are that language's, before anything is typed. */
async function chooseLocale(page: Page, label: string): Promise<void> {
  await pickLocale(page, label);
  const name = label.replace(/ \(.*\)$/, '');
  await expect(page.getByRole('textbox', { name: /^Translation of / }).first()).toHaveAttribute(
    'placeholder',
    `Translate into ${name}…`,
  );
}

/** Selects `text` inside a richtext block, as a translator would with the mouse. */
async function selectInBlock(block: Locator, text: string): Promise<void> {
  await block.evaluate((element, wanted) => {
    (element as HTMLElement).focus();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node.textContent ?? '').indexOf(wanted);
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    throw new Error(`"${wanted}" is not in the block`);
  }, text);
}

/** Puts the caret right after the last marker chip of a block. */
async function caretAfterLastChip(block: Locator): Promise<void> {
  await block.evaluate((element) => {
    (element as HTMLElement).focus();
    const chips = element.querySelectorAll('[data-marker]');
    const last = chips[chips.length - 1]!;
    const range = document.createRange();
    range.setStartAfter(last);
    range.collapse(true);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
  });
}

/** Changes a story in the local Storyblok as an editor would, then has Polyblok sync it. */
function textLeaves(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) textLeaves(item, into);
  return into;
}

async function editSourceAndSync(
  page: Page,
  services: LocalServices,
  owner: OwnerWithSpace,
  basicStoryId: number,
  storyPath: string[],
  change: (content: Record<string, unknown>) => void,
): Promise<void> {
  const storyblokId = owner.space.storyId(basicStoryId);
  const story = services.storyblok.getStory(owner.space.spaceId, storyblokId) as { content: Record<string, unknown> };
  const content = structuredClone(story.content);
  change(content);
  const before = textLeaves(story.content);
  const newText = [...textLeaves(content)].find((text) => !before.has(text));
  if (newText === undefined) throw new Error('the edit changes no text');
  // Polyblok's own writes of earlier saves go first: a write that read the story before this edit and lands
  // after it would record the story as synced without the edit (see the closing note of this change).
  await expect
    .poll(
      async () =>
        (await apiCall<{ write_back: { pending: number } }>(page, 'GET', `/api/spaces/${owner.spaceId}/settings`))
          .write_back.pending,
      { timeout: 30_000, message: 'the pending write-backs before the source edit' },
    )
    .toBe(0);
  services.storyblok.editStory(owner.space.spaceId, storyblokId, { content });
  const storyId = await storyIdByName(page, owner.spaceId, storyPath);
  // Done when Polyblok's story holds the new text. A sync asked for while another runs (the 10-minute poll's)
  // answers with that run, which may have read the story before the edit: then ask again once it ended.
  await expect
    .poll(
      async () => {
        const detail = await apiCall<unknown>(page, 'GET', `/api/content/story/${storyId}?locale=de`);
        if (JSON.stringify(detail).includes(JSON.stringify(newText).slice(1, -1))) return true;
        const syncStatus = `/api/spaces/${owner.spaceId}/sync_status`;
        const { status } = await apiCall<{ status: string | null }>(page, 'GET', syncStatus);
        if (status !== 'queued' && status !== 'running') {
          await apiCall(page, 'POST', `/api/spaces/${owner.spaceId}/sync`);
        }
        return false;
      },
      { timeout: 30_000, intervals: [250, 500, 1_000], message: 'Polyblok synced the edited story' },
    )
    .toBe(true);
}

interface TeaserContent {
  title: string;
  body: Array<{ headline: string; text: unknown; [field: string]: unknown }>;
  [field: string]: unknown;
}

test.describe('content', () => {
  // Tests that slow the local OpenAI down put it back, whatever happened.
  test.afterEach(({ services }) => {
    services.openai.traffic.latencyMs = 0;
  });

  test('the story tree: loading rows, folders, breadcrumb, back to root, search, languages and empty states', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const { spaceId, space } = await ownerWithSpace(page, services, 'content-tree');

    // The root listing is held back a moment, to see what shows while it loads.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const isRootListing = (url: URL) => url.pathname === '/api/content/folder';
    await page.route(
      isRootListing,
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.goto(`/spaces/${spaceId}/content`);
    await expect(page).toHaveTitle('Content | Polyblok');
    await expect(page.getByTestId('story-skeleton')).toHaveCount(20);
    release();

    await expect(page.getByText('Select a story to display content to translate')).toBeVisible();
    // The URL names the language shown, so a shared link opens the same one.
    await expect(page).toHaveURL(/[?&]locale=fr\b/);
    await expect(page.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue('French (fr)');
    await expect(storyRows(page)).toHaveText([
      /About.*Folder/,
      /Blog.*Folder/,
      /Home.*Published/,
      /Orphan.*Unpublished/,
    ]);
    await expect(storyRows(page).filter({ hasText: 'Home' })).toContainText('4 missing');
    await saveScreenshot(page, 'content-select-story');

    const path = page.getByRole('navigation', { name: 'Folder path' });
    await storyRows(page).filter({ hasText: 'Blog' }).click();
    await expect(page).toHaveURL(/[?&]folder=\d+/);
    await expect(storyRows(page)).toHaveText([/2024.*Folder/, /Blog index.*Published/]);
    await storyRows(page).filter({ hasText: '2024' }).click();
    await expect(storyRows(page)).toHaveText([/Draft post.*Unpublished/, /First post.*Published/]);
    await expect(path).toContainText(space.name);
    await expect(path).toContainText('Blog');
    await expect(path).toContainText('2024');

    await path.getByRole('button', { name: 'Blog' }).click();
    await expect(storyRows(page)).toHaveText([/2024/, /Blog index/]);
    await page.getByRole('button', { name: 'Back to root' }).click();
    await expect(storyRows(page)).toHaveCount(4);
    await expect(page).not.toHaveURL(/[?&]folder=/);

    await storyRows(page).filter({ hasText: 'About' }).click();
    await expect(storyRows(page)).toHaveText([/Team.*Published with changes/]);
    await path.getByRole('button', { name: space.name }).click();

    await page.getByRole('textbox', { name: 'Search stories' }).fill('invoices');
    await expect(page.getByText('No corresponding stories found')).toBeVisible();
    await saveScreenshot(page, 'content-no-stories-found');
    await page.getByRole('textbox', { name: 'Search stories' }).fill('');

    // A story whose only component is unknown to the schema has nothing to translate.
    await storyRows(page).filter({ hasText: 'Orphan' }).click();
    await expect(page).toHaveURL(/[?&]story=\d+/);
    await expect(page.getByText('No keys to translate')).toBeVisible();
    await saveScreenshot(page, 'content-no-keys');

    await storyRows(page).filter({ hasText: 'Home' }).click();
    await expect(keyRow(page, 'page › title')).toBeVisible();
    await expectCounts(page, { all: 5, missing: 4, unverified: 1, completed: 0 });
    await chooseLocale(page, 'German (de)');
    await expect(page).toHaveURL(/[?&]locale=de\b/);
    await expectCounts(page, { all: 5, missing: 1, unverified: 4, completed: 0 });
    await expect(storyRows(page).filter({ hasText: 'Home' })).toContainText('1 missing');
    // Wide enough, the story's title and the editor's actions share one line.
    const titleBox = (await page.getByRole('heading', { name: 'Home', level: 2 }).boundingBox())!;
    const actionsBox = (await page.getByRole('button', { name: 'Published content' }).boundingBox())!;
    expect(actionsBox.y).toBeLessThan(titleBox.y + titleBox.height);
    await saveScreenshot(page, 'content-story-all-tab');
    expect(problems).toEqual([]);
  });

  test('a translation typed by hand is saved verified, unverified, and kept when the source changed meanwhile', async ({
    page,
    services,
  }) => {
    test.setTimeout(150_000);
    // The save refused below (the source changed) is logged by the browser; nothing else may be.
    const problems = collectProblems(page, [failedResource(409)]);
    const owner = await ownerWithSpace(page, services, 'content-manual');
    const homeId = await storyIdByName(page, owner.spaceId, ['Home']);

    await page.goto(`/spaces/${owner.spaceId}/content?locale=fr&story=${homeId}`);
    await expectCounts(page, { all: 5, missing: 4, unverified: 1, completed: 0 });
    await expect(page.getByRole('switch', { name: 'Verify on save' })).toBeChecked();

    // Verify on save (the default): the saved translation is verified at once and the tabs follow.
    await translation(page, 'page › title').fill('Bienvenue');
    await expect(keyRow(page, 'page › title').getByText('Unsaved')).toBeVisible();
    await keyRow(page, 'page › title').getByRole('button', { name: 'Save' }).click();
    await expectStatus(page, 'page › title', 'verified');
    await expectCounts(page, { all: 5, missing: 3, unverified: 1, completed: 1 });
    await expect(keyRow(page, 'page › title').getByText('Unsaved')).toBeHidden();

    // The verify toggle: back to unverified, and verified again.
    const verified = keyRow(page, 'page › title').getByRole('switch', { name: 'Verified' });
    await verified.click({ force: true });
    await expectStatus(page, 'page › title', 'unverified');
    await expectCounts(page, { all: 5, missing: 3, unverified: 2, completed: 0 });
    await page.reload();
    await expectStatus(page, 'page › title', 'unverified');

    // Verify on save off (remembered across reloads): a save leaves the translation unverified.
    await page.getByRole('switch', { name: 'Verify on save' }).click({ force: true });
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Verify on save' })).not.toBeChecked();
    await translation(page, 'page › seo › title').fill('Accueil | Basic');
    await keyRow(page, 'page › seo › title').getByRole('button', { name: 'Save' }).click();
    await expectStatus(page, 'page › seo › title', 'unverified');
    await expect(keyRow(page, 'page › seo › title')).toContainText('15 / 60 characters');
    await page.getByRole('switch', { name: 'Verify on save' }).click({ force: true });
    await expectCounts(page, { all: 5, missing: 2, unverified: 3, completed: 0 });

    // Tabs filter the keys.
    await page.getByRole('tab', { name: /Missing/ }).click();
    await expect(page.getByTestId('key-row')).toHaveCount(2);
    await page.getByRole('tab', { name: /All/ }).click();

    // A verified German headline, before its source changes.
    await chooseLocale(page, 'German (de)');
    await keyRow(page, 'teaser › headline').getByRole('switch', { name: 'Verified' }).click({ force: true });
    await expectStatus(page, 'teaser › headline', 'verified');
    await chooseLocale(page, 'French (fr)');

    // The translator types a title; meanwhile the source changes in Storyblok and Polyblok syncs it.
    await translation(page, 'page › title').fill('Bienvenue à la maison');
    await editSourceAndSync(page, services, owner, basicFixture.stories.home, ['Home'], (content) => {
      const page = content as TeaserContent;
      page.title = 'Welcome home';
      page.body[0]!.headline = 'Hello big world';
    });
    await keyRow(page, 'page › title').getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, 'The source text changed since you opened this key')).toBeVisible();
    // Nothing typed is lost, and the new source is there to check against.
    await expect(translation(page, 'page › title')).toHaveValue('Bienvenue à la maison');
    await expect(keyRow(page, 'page › title')).toContainText('Welcome home');
    await keyRow(page, 'page › title').getByRole('button', { name: 'Save' }).click();
    await expectStatus(page, 'page › title', 'verified');

    // The German headline is outdated now: it stays, with what changed in the source.
    await chooseLocale(page, 'German (de)');
    const headline = keyRow(page, 'teaser › headline');
    await expect(headline.getByText('Outdated', { exact: true })).toBeVisible();
    await expectStatus(page, 'teaser › headline', 'unverified');
    await expect(translation(page, 'teaser › headline')).toHaveValue('Hallo Welt');
    await headline.getByRole('button', { name: 'Show changes' }).click();
    await expect(headline.getByLabel('Source changes').locator('ins')).toHaveText('big ');
    expect(problems).toEqual([]);
  });

  test('key details, associated keys, the published-content link and the keyboard', async ({ page, services }) => {
    test.setTimeout(150_000);
    const problems = collectProblems(page);
    const owner = await ownerWithSpace(page, services, 'content-details');
    // Team gets the same title as Home in Storyblok: the two keys are then associated.
    await editSourceAndSync(page, services, owner, basicFixture.stories.team, ['About', 'Team'], (content) => {
      (content as TeaserContent).title = 'Welcome';
    });
    const homeId = await storyIdByName(page, owner.spaceId, ['Home']);
    await page.goto(`/spaces/${owner.spaceId}/content?locale=de&story=${homeId}`);

    await keyRow(page, 'page › title').getByRole('button', { name: 'Key details of page › title' }).click();
    const details = page.getByRole('dialog', { name: 'Key details' });
    await expect(details.getByTestId('source-counts')).toContainText('1word7characters');
    await expect(details.getByTestId('editor-counts')).toContainText('1word10characters');
    await expect(details.getByTestId('associated-keys')).toContainText('Team');
    await expect(details.getByTestId('associated-keys')).toContainText('page › title');
    await expect(details.getByTestId('associated-keys').locator('[data-status]')).toHaveAttribute(
      'data-status',
      'missing',
    );
    await saveScreenshot(page, 'content-key-details');
    await details.getByRole('button', { name: 'Apply this translation to 1 key' }).click();
    await expect(notification(page, '1 associated key updated.')).toBeVisible();
    await expect(details.getByTestId('associated-keys').locator('[data-status]')).toHaveAttribute(
      'data-status',
      'verified',
    );
    await page.keyboard.press('Escape');

    await keyRow(page, 'teaser › headline').getByRole('button', { name: 'Key details of teaser › headline' }).click();
    await expect(details.getByText('No associated content keys found')).toBeVisible();
    // The counts follow the text in the editor, saved or not.
    await page.keyboard.press('Escape');
    await translation(page, 'teaser › headline').fill('Hallo du schöne Welt');
    await keyRow(page, 'teaser › headline').getByRole('button', { name: 'Key details of teaser › headline' }).click();
    await expect(details.getByTestId('editor-counts')).toContainText('4words20characters');
    await page.keyboard.press('Escape');

    // The published-content API link: the story's slug, the language and the space's preview token.
    await page.getByRole('button', { name: 'Published content' }).click();
    const draft = page.getByRole('menuitem', { name: 'Draft version' });
    await expect(draft).toHaveAttribute(
      'href',
      `https://api.storyblok.com/v2/cdn/stories/home?token=${owner.space.previewToken}&version=draft&language=de`,
    );
    await expect(draft).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('menuitem', { name: 'Published version' })).toHaveAttribute(
      'href',
      `https://api.storyblok.com/v2/cdn/stories/home?token=${owner.space.previewToken}&version=published&language=de`,
    );
    await page.keyboard.press('Escape');

    // Keyboard: save and go on, move between keys, verify.
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const help = page.getByRole('dialog').filter({ hasText: 'Keyboard shortcuts' });
    await expect(help).toContainText('Save and go to the next key');
    await expect(help).toContainText('Verify or unverify');
    await page.keyboard.press('Escape');

    await translation(page, 'teaser › headline').focus();
    await page.keyboard.press('Control+Enter');
    await expectStatus(page, 'teaser › headline', 'verified');
    await expect(keyRow(page, 'teaser › text').getByRole('textbox')).toBeFocused();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(translation(page, 'page › seo › title')).toBeFocused();
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    await expect(translation(page, 'teaser › headline')).toBeFocused();
    await page.keyboard.press('Alt+KeyV');
    await expectStatus(page, 'teaser › headline', 'unverified');
    await page.keyboard.press('Alt+KeyV');
    await expectStatus(page, 'teaser › headline', 'verified');

    // The key's history, kept by the server (after a reload too): revert to the imported text, then undo that.
    await page.reload();
    await keyRow(page, 'teaser › headline').getByRole('button', { name: 'Key details of teaser › headline' }).click();
    const history = details.getByRole('list', { name: 'History' });
    await expect(history.getByRole('listitem').first()).toContainText('Verified');
    await expect(history.getByRole('listitem').first()).toContainText('Hallo du schöne Welt');
    const imported = history.getByRole('listitem').filter({ hasText: 'Imported' });
    await expect(imported).toContainText('Hallo Welt');
    await saveScreenshot(page, 'content-key-history');
    await imported.getByRole('button', { name: 'Revert' }).click();
    await expect(history.getByRole('listitem').first()).toContainText('Reverted');
    await page.keyboard.press('Escape');
    await expect(translation(page, 'teaser › headline')).toHaveValue('Hallo Welt');
    await expectStatus(page, 'teaser › headline', 'unverified');
    await keyRow(page, 'teaser › headline').getByRole('button', { name: 'Undo last change' }).click();
    await expect(translation(page, 'teaser › headline')).toHaveValue('Hallo du schöne Welt');
    await expectStatus(page, 'teaser › headline', 'verified');
    expect(problems).toEqual([]);
  });

  test('unsaved text is never lost without a warning', async ({ page, services }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const { spaceId } = await ownerWithSpace(page, services, 'content-unsaved');
    const blogIndexId = await storyIdByName(page, spaceId, ['Blog', 'Blog index']);
    await page.goto(`/spaces/${spaceId}/content?locale=fr&story=${blogIndexId}`);
    await expect(page.getByRole('heading', { name: 'Blog index' })).toBeVisible();
    // A link without the folder opens the story in its folder; the root is one click away.
    await expect(storyRows(page)).toHaveText([/2024/, /Blog index/]);
    await page.getByRole('button', { name: 'Back to root' }).click();
    await storyRows(page).filter({ hasText: 'Home' }).click();
    // Blog index has a page › title too: type only once Home is the story open.
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await translation(page, 'page › title').fill('Bienvenue');
    await expect(page.getByTestId('unsaved-count')).toHaveText('1 unsaved key');
    const warning = page.getByRole('dialog', { name: 'Unsaved translations' });

    // The back button asks first.
    await page.goBack();
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await expect(translation(page, 'page › title')).toHaveValue('Bienvenue');

    // Other tabs and folders keep the open story and its text.
    await page.getByRole('tab', { name: /Completed/ }).click();
    await page.getByRole('tab', { name: /All/ }).click();
    await expect(translation(page, 'page › title')).toHaveValue('Bienvenue');
    await storyRows(page).filter({ hasText: 'Blog' }).click();
    await expect(storyRows(page)).toHaveText([/2024/, /Blog index/]);
    await expect(translation(page, 'page › title')).toHaveValue('Bienvenue');

    // Another story asks, listing what would be lost.
    await storyRows(page).filter({ hasText: 'Blog index' }).click();
    await expect(warning).toBeVisible();
    await expect(warning.getByTestId('unsaved-keys')).toContainText('page › title');
    await expect(warning.getByTestId('unsaved-keys')).toContainText('Bienvenue');
    await saveScreenshot(page, 'content-unsaved-warning');
    await warning.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await expect(translation(page, 'page › title')).toHaveValue('Bienvenue');

    // So does another language.
    await pickLocale(page, 'German (de)');
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/[?&]locale=fr\b/);
    await expect(translation(page, 'page › title')).toHaveValue('Bienvenue');

    // Discarding goes on.
    await storyRows(page).filter({ hasText: 'Blog index' }).click();
    await warning.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByRole('heading', { name: 'Blog index' })).toBeVisible();
    await expect(translation(page, 'page › title')).toHaveValue('');
    await expect(page.getByTestId('unsaved-count')).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('rich text is edited block by block and reaches Storyblok with its marks and links', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const owner = await ownerWithSpace(page, services, 'content-richtext');
    const homeId = await storyIdByName(page, owner.spaceId, ['Home']);
    await page.goto(`/spaces/${owner.spaceId}/content?locale=de&story=${homeId}`);

    const row = keyRow(page, 'teaser › text');
    const block = translation(page, 'teaser › text');
    await row.getByRole('button', { name: 'Copy source' }).click();
    await expect(block.locator('[data-marker]')).toHaveCount(2);
    await selectInBlock(block, 'Read the ');
    await page.keyboard.type('Lies den ');
    await selectInBlock(block, 'blog');
    await page.keyboard.type('Blog');
    await expect(block).toHaveText(/Lies den\s*1Blog1/);

    // A marker deleted by mistake is named, and offered back.
    await caretAfterLastChip(block);
    await page.keyboard.press('Backspace');
    await expect(row.getByRole('alert')).toContainText('is not closed');
    await expect(row.getByRole('button', { name: 'Save' })).toBeDisabled();
    await saveScreenshot(page, 'content-richtext-marker-missing');
    await selectInBlock(block, 'Blog');
    await row.getByRole('button', { name: 'Insert marker 1: Bold + Link to /blog' }).click();
    await expect(row.getByRole('alert')).toBeHidden();
    await expect(row.getByRole('button', { name: 'Save' })).toBeEnabled();
    await page.mouse.move(0, 0);
    await saveScreenshot(page, 'content-richtext-editing');

    await row.getByRole('button', { name: 'Save' }).click();
    await expectStatus(page, 'teaser › text', 'verified');

    // Write-back puts the document into the story, beside the source, with the link and the bold intact.
    const storyblokId = owner.space.storyId(basicFixture.stories.home);
    await expect
      .poll(
        () => {
          const story = services.storyblok.getStory(owner.space.spaceId, storyblokId) as { content: TeaserContent };
          return story.content.body[0]!.text__i18n__de ?? null;
        },
        { timeout: 30_000, message: 'the German rich text in the local Storyblok' },
      )
      .toEqual({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Lies den ' },
              {
                type: 'text',
                text: 'Blog',
                marks: [
                  { type: 'bold' },
                  {
                    type: 'link',
                    attrs: {
                      href: '/blog',
                      uuid: '00000000-0000-4000-a000-000000000002',
                      anchor: null,
                      target: '_self',
                      linktype: 'story',
                    },
                  },
                ],
              },
            ],
          },
        ],
      });
    expect(problems).toEqual([]);
  });

  test('AI translates one key into the editor, and a selection in the background with a 5-second refresh', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const { spaceId } = await ownerWithSpace(page, services, 'content-ai');
    await apiCall(page, 'POST', `/api/spaces/${spaceId}/glossary_terms`, {
      translatable: 'blog',
      translated: 'Blog',
      global: true,
      description: 'Our company blog',
    });
    const homeId = await storyIdByName(page, spaceId, ['Home']);
    await page.goto(`/spaces/${spaceId}/content?locale=fr&story=${homeId}`);

    // Glossary terms are marked in the source, with their translation on hover.
    const term = keyRow(page, 'teaser › text').locator('[data-glossary-term="blog"]');
    await expect(term).toHaveText('blog');
    await term.hover();
    await expect(page.getByRole('tooltip')).toContainText('Glossary: Blog');
    await expect(page.getByRole('tooltip')).toContainText('Our company blog');

    // One key: the answer lands in the editor, unsaved, for the translator to read.
    const before = services.openai.requests().length;
    await keyRow(page, 'page › title').getByRole('button', { name: 'AI translate' }).click();
    await expect(translation(page, 'page › title')).toHaveValue('[fr] emocleW');
    // The answer, then its score.
    expect(services.openai.requests().length).toBe(before + 2);
    await expectStatus(page, 'page › title', 'missing');
    await keyRow(page, 'page › title').getByRole('button', { name: 'Save' }).click();
    await expectStatus(page, 'page › title', 'verified');

    // A selection: asked at once, translated by a background job, picked up by the 5-second refresh.
    let storyReads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/content/story/${homeId}`) storyReads += 1;
    });
    await page.getByRole('tab', { name: /Missing/ }).click();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expect(page.getByRole('checkbox', { name: '3 selected' })).toBeChecked();
    // The model answers slowly here, so the asks are seen waiting before the refresh brings their results.
    services.openai.traffic.latencyMs = 6_000;
    await page.getByRole('button', { name: 'Translate with AI' }).click();
    await page.getByRole('tab', { name: /All/ }).click();
    for (const path of ['teaser › text', 'page › seo › title', 'page › seo › description']) {
      await expectStatus(page, path, 'translation_requested');
    }
    await expect(page.getByRole('status').filter({ hasText: 'This story refreshes every 5 seconds' })).toBeVisible();
    await saveScreenshot(page, 'content-ai-requested');
    const readsWhenAsked = storyReads;
    for (const path of ['teaser › text', 'page › seo › title', 'page › seo › description']) {
      await expect(keyRow(page, path).locator('[data-status]')).toHaveAttribute('data-status', 'unverified', {
        timeout: 20_000,
      });
    }
    expect(storyReads).toBeGreaterThan(readsWhenAsked);
    await expect(translation(page, 'page › seo › title')).toHaveValue('[fr] emoH | cisaB');
    // The AI kept the link and bold (marker 1) and followed the glossary.
    await expect(translation(page, 'teaser › text')).toHaveText(/\[fr\] daeR eht\s*1Blog1/);
    await expectCounts(page, { all: 5, missing: 0, unverified: 4, completed: 1 });
    await expect(page.getByRole('status').filter({ hasText: 'This story refreshes every 5 seconds' })).toBeHidden();
    // Each AI translation carries its score, and the review queue holds the three AI ones (not the typed one).
    for (const path of ['teaser › text', 'page › seo › title', 'page › seo › description']) {
      await expect(keyRow(page, path).getByTestId('ai-score-badge')).toHaveText(/^AI \d+$/);
    }
    await expect(page.getByTestId('count-review')).toHaveText('3');
    await page.getByRole('tab', { name: /Review queue/ }).click();
    await expect(page.getByRole('group', { name: /›/ })).toHaveCount(3);
    await page.getByRole('tab', { name: /All/ }).click();
    // The story list follows once the last ask is done.
    await expect(storyRows(page).filter({ hasText: 'Home' })).toContainText('4 to verify');

    // Bulk verify on the selection.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(notification(page, '4 keys verified.')).toBeVisible();
    await expectCounts(page, { all: 5, missing: 0, unverified: 0, completed: 5 });
    await expect(page.getByTestId('count-review')).toHaveText('0');
    expect(problems).toEqual([]);
  });

  test('a folder is translated with AI as one run with progress, and a run can be cancelled', async ({
    page,
    services,
  }) => {
    test.setTimeout(150_000);
    const problems = collectProblems(page);
    const { spaceId, space } = await ownerWithSpace(page, services, 'content-folder');
    await page.goto(`/spaces/${spaceId}/content?locale=fr`);
    await storyRows(page).filter({ hasText: 'Blog' }).click();
    await expect(storyRows(page).filter({ hasText: 'Blog index' })).toContainText('1 missing');
    await storyRows(page).filter({ hasText: 'Blog index' }).click();
    await expectStatus(page, 'page › title', 'missing');

    // Slow answers, so the progress can be seen.
    services.openai.traffic.latencyMs = 6_000;
    await page.getByRole('button', { name: 'Translate folder with AI' }).click();
    const confirm = page.getByRole('dialog', { name: 'Translate folder with AI' });
    await expect(confirm).toContainText('Blog');
    await expect(confirm).toContainText('French');
    // What the run takes is shown before it starts: the three keys missing in French, two requests a story
    // (translating, then scoring).
    const cost = confirm.getByRole('list', { name: 'What this run takes' });
    await expect(cost).toContainText('3 keys to translate');
    await expect(cost).toContainText(/\d+ words of today’s AI allowance/);
    await expect(cost).toContainText('About 6 model requests (translating and scoring)');
    await expect(confirm).toContainText(/words of today’s allowance will be left after it/);
    await confirm.getByRole('button', { name: 'Translate' }).click();
    const progress = page.getByRole('status', { name: 'Folder translation progress' });
    await expect(progress).toContainText('Translating “Blog” into French');
    await expect(page.getByTestId('folder-progress')).toHaveText(/of 3 keys · \d+ of \d+ words/);
    // The open story picks up the run's asks and follows them.
    await expectStatus(page, 'page › title', 'translation_requested');
    await saveScreenshot(page, 'content-translate-folder-progress');
    await expect(notification(page, 'Folder translated with AI')).toBeVisible({ timeout: 30_000 });
    await expect(notification(page, '3 keys of “Blog” translated into French.')).toBeVisible();
    await expect(progress).toBeHidden();
    await expect(storyRows(page).filter({ hasText: 'Blog index' })).toContainText('1 to verify');
    await expect(storyRows(page).filter({ hasText: '2024' })).toContainText('2 to verify');
    await expectStatus(page, 'page › title', 'unverified');
    await expect(translation(page, 'page › title')).toHaveValue('[fr] llA stsop');

    // A run over the whole space, stopped before it ends.
    services.openai.traffic.latencyMs = 4_000;
    await page.getByRole('button', { name: 'Back to root' }).click();
    await page.getByRole('button', { name: 'Translate folder with AI' }).click();
    await page
      .getByRole('dialog', { name: 'Translate folder with AI' })
      .getByRole('button', { name: 'Translate' })
      .click();
    await expect(progress).toContainText(`Translating “${space.name}” into French`);
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect(notification(page, 'AI translation stopped')).toBeVisible({ timeout: 30_000 });
    await expect(progress).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('a folder run meeting a model account out of credit says why, on the run and on the keys', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const { spaceId } = await ownerWithSpace(page, services, 'content-no-credit');
    await page.goto(`/spaces/${spaceId}/content?locale=fr`);
    await storyRows(page).filter({ hasText: 'Blog' }).click();
    await storyRows(page).filter({ hasText: 'Blog index' }).click();
    await expectStatus(page, 'page › title', 'missing');

    services.openai.queueFailures([{ kind: 'quota_exceeded', count: 20 }]);
    try {
      await page.getByRole('button', { name: 'Translate folder with AI' }).click();
      await page
        .getByRole('dialog', { name: 'Translate folder with AI' })
        .getByRole('button', { name: 'Translate' })
        .click();
      const reason =
        "The AI model's account has run out of credit (insufficient_quota). Whoever runs this Polyblok must add credit or check the plan and billing at the model provider. AI translation is stopped until then: trying again cannot help.";
      const failed = notification(page, 'Folder translation failed');
      await expect(failed).toBeVisible({ timeout: 30_000 });
      await expect(failed).toContainText(`The AI run for “Blog” failed. 3 keys could not be translated. ${reason}`);
      await expect(page.getByText(`The last AI translation failed: ${reason}`)).toBeVisible();
      await expectStatus(page, 'page › title', 'missing');
      await saveScreenshot(page, 'content-translate-folder-no-credit');
    } finally {
      services.openai.clearFailures();
    }
    expect(problems).toEqual([]);
  });

  test('a viewer reads everything and changes nothing', async ({ page, browser, baseURL, services }) => {
    test.setTimeout(120_000);
    const { spaceId } = await ownerWithSpace(page, services, 'content-owner');
    const context = await browser.newContext({ baseURL });
    try {
      const viewer = await context.newPage();
      const problems = collectProblems(viewer);
      const email = uniqueEmail('content-viewer');
      await signUpAndConfirm(viewer, email);
      await apiCall(page, 'POST', `/api/spaces/${spaceId}/invite_user`, { email, role: 'viewer' });
      await apiCall(viewer, 'POST', `/api/spaces/${spaceId}/accept_invite`);
      const homeId = await storyIdByName(viewer, spaceId, ['Home']);

      await viewer.goto(`/spaces/${spaceId}/content?locale=de&story=${homeId}`);
      await expect(translation(viewer, 'teaser › headline')).toHaveValue('Hallo Welt');
      await expect(translation(viewer, 'teaser › headline')).toHaveAttribute('readonly', '');
      await expect(translation(viewer, 'teaser › text')).toHaveAttribute('contenteditable', 'false');
      await expect(viewer.getByRole('button', { name: 'Translate folder with AI' })).toBeHidden();
      await expect(viewer.getByRole('button', { name: 'Save' })).toHaveCount(0);
      await expect(viewer.getByRole('button', { name: 'AI translate' })).toHaveCount(0);
      await expect(viewer.getByRole('checkbox', { name: 'Select all' })).toBeHidden();
      await expect(viewer.getByRole('switch', { name: 'Verify on save' })).toBeHidden();
      // Reading stays possible: details and the published-content link.
      await keyRow(viewer, 'page › title').getByRole('button', { name: 'Key details of page › title' }).click();
      await expect(viewer.getByRole('dialog', { name: 'Key details' })).toContainText('Associated keys');
      await viewer.keyboard.press('Escape');
      await expect(viewer.getByRole('button', { name: 'Published content' })).toBeVisible();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a story of a thousand keys renders only the rows in view and scrolls to its last key', async ({
    page,
    services,
  }) => {
    test.setTimeout(150_000);
    const problems = collectProblems(page);
    const owner = await ownerWithSpace(page, services, 'content-large');
    await editSourceAndSync(page, services, owner, basicFixture.stories.home, ['Home'], (content) => {
      const body = (content as TeaserContent).body;
      for (let index = 0; index < 500; index += 1) {
        body.push({
          _uid: `large-${String(index).padStart(4, '0')}`,
          component: 'teaser',
          headline: `Headline ${index}`,
          text: {
            type: 'doc',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: `Paragraph ${index} of a long story` }] }],
          },
        });
      }
    });
    const homeId = await storyIdByName(page, owner.spaceId, ['Home']);
    await page.goto(`/spaces/${owner.spaceId}/content?locale=de&story=${homeId}`);
    await expect(page.getByTestId('count-all')).toHaveText('1,005');
    const rows = page.getByTestId('key-row');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeLessThan(30);

    await page.getByTestId('key-list').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await expect(rows.filter({ hasText: 'Paragraph 499 of a long story' })).toBeVisible();
    expect(await rows.count()).toBeLessThan(30);
    // The last rows are real editors: the last headline takes a translation.
    const last = rows.filter({ hasText: 'Headline 499' });
    await last.getByRole('textbox').fill('Überschrift 499');
    await last.getByRole('button', { name: 'Save' }).click();
    await expect(last.locator('[data-status]')).toHaveAttribute('data-status', 'verified');
    expect(problems).toEqual([]);
  });
});
