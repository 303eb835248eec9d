import type { Browser, Locator, Page } from '@playwright/test';
import { signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { collectProblems } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { apiCall, apiStatus, ownerWithSpace, personPage } from './spaces.ts';

type Role = 'viewer' | 'translator' | 'editor' | 'admin';

const rank: Record<Role, number> = { viewer: 0, translator: 1, editor: 2, admin: 3 };
/** PRODUCT.md's role table, the rows the screens show. */
const may = {
  translate: (role: Role) => rank[role] >= rank.translator,
  editGlossary: (role: Role) => rank[role] >= rank.editor,
  sync: (role: Role) => rank[role] >= rank.editor,
  manage: (role: Role) => rank[role] >= rank.admin,
};

/** Present when allowed, absent otherwise (checked once the page shows its heading). */
async function expectShown(locator: Locator, shown: boolean): Promise<void> {
  if (shown) await expect(locator).toBeVisible();
  else await expect(locator).toHaveCount(0);
}

/** A member with the role, through the invitation the owner sends and the member accepts. */
async function memberWithRole(browser: Browser, baseURL: string | undefined, owner: Page, spaceId: number, role: Role) {
  const page = await personPage(browser, baseURL);
  const email = uniqueEmail(role);
  await signUpAndConfirm(page, email);
  await apiCall(owner, 'POST', `/api/spaces/${spaceId}/invite_user`, { email, role });
  await apiCall(page, 'POST', `/api/spaces/${spaceId}/accept_invite`);
  return { page, email };
}

test.describe('roles', () => {
  test('each role sees only the actions it may take, and the API refuses the others', async ({
    page,
    browser,
    baseURL,
    services,
  }) => {
    test.setTimeout(300_000);
    const owner = await ownerWithSpace(page, services, 'roles-owner');
    const { spaceId } = owner;
    const root = await apiCall<{ stories: Array<{ id: number; name: string }> }>(
      page,
      'GET',
      `/api/content/folder?locale=de&space_id=${spaceId}`,
    );
    const home = root.stories.find((story) => story.name === 'Home')!;

    for (const role of ['viewer', 'translator', 'editor', 'admin'] as const) {
      const member = await memberWithRole(browser, baseURL, page, spaceId, role);
      const screen = member.page;
      const problems = collectProblems(screen);

      await screen.goto(`/spaces/${spaceId}/content?locale=de&story=${home.id}`);
      const title = screen.getByRole('group', { name: 'page › title' });
      await expect(title).toBeVisible();
      await expectShown(title.getByRole('button', { name: 'Save' }), may.translate(role));
      await expectShown(title.getByRole('button', { name: 'AI translate' }), may.translate(role));
      await expectShown(screen.getByRole('button', { name: 'Translate folder with AI' }), may.editGlossary(role));

      await screen.goto(`/spaces/${spaceId}/glossary`);
      await expect(screen.getByRole('heading', { name: 'Glossary' })).toBeVisible();
      await expectShown(screen.getByRole('button', { name: 'Add new term' }), may.editGlossary(role));

      await screen.goto(`/spaces/${spaceId}/settings`);
      await expect(screen.getByText('Synchronization', { exact: true })).toBeVisible();
      await expectShown(screen.getByRole('button', { name: 'Synchronize now' }), may.sync(role));
      await expectShown(screen.getByRole('heading', { name: 'Webhooks', exact: true }), may.manage(role));

      await screen.goto(`/spaces/${spaceId}/languages`);
      await expect(screen.getByRole('heading', { name: 'Languages' })).toBeVisible();
      await expectShown(screen.getByRole('button', { name: 'Add a language' }).first(), may.manage(role));

      await screen.goto(`/spaces/${spaceId}/users`);
      await expect(screen.getByRole('heading', { name: 'Users' })).toBeVisible();
      await expectShown(screen.getByRole('button', { name: 'Add member' }), may.manage(role));
      // Nobody below owner touches the owner's row, and nobody acts on their own.
      await expect(screen.getByRole('button', { name: `Actions for ${owner.email}` })).toHaveCount(0);
      await expect(screen.getByRole('button', { name: `Actions for ${member.email}` })).toHaveCount(0);
      if (role === 'viewer') await saveScreenshot(screen, 'members-as-viewer');

      const term = { translatable: `Term of the ${role}`, translated: 'Begriff', global: true };
      expect(await apiStatus(screen, 'POST', `/api/spaces/${spaceId}/glossary_terms`, term)).toBe(
        may.editGlossary(role) ? 201 : 403,
      );
      expect(
        await apiStatus(screen, 'POST', `/api/spaces/${spaceId}/invite_user`, { email: uniqueEmail(`by-${role}`) }),
      ).toBe(may.manage(role) ? 200 : 403);
      expect(await apiStatus(screen, 'GET', `/api/spaces/${spaceId}/glossary_terms`)).toBe(200);

      if (role === 'admin') {
        // An admin lets people in up to admin; making owners is the owner's.
        await screen.getByRole('button', { name: 'Add member' }).click();
        const dialog = screen.getByRole('dialog', { name: 'Add member' });
        await dialog.getByRole('combobox', { name: 'Role' }).click();
        await expect(screen.getByRole('option', { name: /^Admin/ })).toBeVisible();
        await expect(screen.getByRole('option', { name: /^Owner/ })).toHaveCount(0);
        await screen.keyboard.press('Escape');
        expect(
          await apiStatus(screen, 'POST', `/api/spaces/${spaceId}/invite_user`, {
            email: uniqueEmail('would-be-owner'),
            role: 'owner',
          }),
        ).toBe(403);
      }
      expect(problems).toEqual([]);
      await screen.context().close();
    }
  });
});
