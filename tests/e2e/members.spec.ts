import type { Locator, Page } from '@playwright/test';
import { logIn, PASSWORD, signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { collectProblems } from './browser-problems.ts';
import { followNewestMailLink } from './outbox.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { apiCall, apiStatus, ownerWithSpace, personPage } from './spaces.ts';

function notification(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

function tab(page: Page, name: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${name}`) });
}

function memberRow(page: Page, email: string): Locator {
  return page.getByRole('row').filter({ hasText: email });
}

async function rowAction(page: Page, email: string, action: string): Promise<Locator> {
  await memberRow(page, email)
    .getByRole('button', { name: `Actions for ${email}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
  return page.getByRole('dialog', { name: action });
}

async function invite(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add member' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('members', () => {
  test('an invited address sets its password, joins as translator, and loses access once revoked', async ({
    page,
    browser,
    baseURL,
    services,
  }) => {
    test.setTimeout(180_000);
    const owner = await ownerWithSpace(page, services, 'members-owner');
    const { spaceId } = owner;
    const problems = collectProblems(page);

    await page.goto(`/spaces/${spaceId}/users`);
    await expect(page).toHaveTitle('Users | Polyblok');
    await expect(tab(page, 'Joined')).toContainText('1');
    await expect(tab(page, 'Invited')).toContainText('0');
    await expect(tab(page, 'Requesting access')).toContainText('0');
    await expect(memberRow(page, owner.email)).toContainText('Owner');
    await saveScreenshot(page, 'members-joined');

    // The form's own check first, then a real invitation with the default role.
    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add member' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Enter the e-mail address of the person to invite')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Translator');
    const inviteeEmail = uniqueEmail('invitee');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(inviteeEmail);
    await saveScreenshot(page, 'members-add-member');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(notification(page, 'User invited')).toBeVisible();
    await expect(tab(page, 'Invited')).toContainText('1');
    await tab(page, 'Invited').click();
    await expect(memberRow(page, inviteeEmail)).toContainText('Translator');
    await saveScreenshot(page, 'members-invited');

    // Inviting the same address again changes nothing, and the server says so.
    await invite(page, inviteeEmail);
    await expect(notification(page, 'Nothing to change')).toContainText('already invited');
    await expect(tab(page, 'Invited')).toContainText('1');

    // The invitation e-mail leads through set-password; then the invited card waits on the spaces list.
    const invitee = await personPage(browser, baseURL);
    const inviteeProblems = collectProblems(invitee);
    await followNewestMailLink(invitee, inviteeEmail, 0);
    await expect(invitee).toHaveURL(/\/reset-password/);
    await invitee.getByRole('textbox', { name: 'New Password', exact: true }).fill(PASSWORD);
    await invitee.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Reset Password' }).click();
    await expect(invitee.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
    await logIn(invitee, inviteeEmail);
    await expect(invitee).toHaveURL(/\/$/);
    const card = invitee.getByRole('group', { name: owner.space.name });
    await card.getByRole('button', { name: 'Join' }).click();
    await expect(notification(invitee, 'Invitation accepted')).toBeVisible();

    // A translator translates and verifies, but folder AI runs, members and settings actions are not theirs.
    const root = await apiCall<{ stories: Array<{ id: number; name: string }> }>(
      invitee,
      'GET',
      `/api/content/folder?locale=fr&space_id=${spaceId}`,
    );
    const home = root.stories.find((story) => story.name === 'Home')!;
    await invitee.goto(`/spaces/${spaceId}/content?locale=fr&story=${home.id}`);
    const title = invitee.getByRole('group', { name: 'page › title' });
    await title.getByRole('textbox').fill('Bienvenue');
    await title.getByRole('button', { name: 'Save' }).click();
    await expect(title.getByRole('switch', { name: 'Verified' })).toBeChecked();
    await expect(invitee.getByRole('button', { name: 'Translate folder with AI' })).toHaveCount(0);

    await invitee.goto(`/spaces/${spaceId}/users`);
    await expect(tab(invitee, 'Joined')).toContainText('2');
    await expect(memberRow(invitee, owner.email)).toBeVisible();
    await expect(invitee.getByRole('button', { name: 'Add member' })).toHaveCount(0);
    await expect(invitee.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
    await invitee.goto(`/spaces/${spaceId}/settings`);
    await expect(invitee.getByText('Synchronization', { exact: true })).toBeVisible();
    await expect(invitee.getByRole('button', { name: 'Synchronize now' })).toHaveCount(0);
    await invitee.goto(`/spaces/${spaceId}/glossary`);
    await expect(invitee.getByRole('heading', { name: 'Glossary' })).toBeVisible();
    await expect(invitee.getByRole('button', { name: 'Add new term' })).toHaveCount(0);

    // The API refuses the same actions, whatever the screens show.
    expect(await apiStatus(invitee, 'POST', `/api/spaces/${spaceId}/invite_user`, { email: uniqueEmail('x') })).toBe(
      403,
    );
    expect(await apiStatus(invitee, 'POST', `/api/spaces/${spaceId}/sync`)).toBe(403);
    expect(
      await apiStatus(invitee, 'POST', `/api/spaces/${spaceId}/update_token`, { personal_access_token: 'whatever' }),
    ).toBe(403);
    expect(
      await apiStatus(invitee, 'POST', `/api/spaces/${spaceId}/glossary_terms`, {
        translatable: 'a',
        translated: 'b',
        global: true,
      }),
    ).toBe(403);

    // The owner revokes the member; the member's next request finds no space.
    await page.reload();
    await expect(tab(page, 'Joined')).toContainText('2');
    const revoke = await rowAction(page, inviteeEmail, 'Revoke access');
    await expect(revoke).toContainText('will no longer have access to this space');
    await revoke.getByRole('button', { name: 'Revoke access' }).click();
    await expect(notification(page, 'User removed')).toContainText(
      'The user has been successfully removed from this space',
    );
    await expect(tab(page, 'Joined')).toContainText('1');
    await expect(memberRow(page, inviteeEmail)).toHaveCount(0);

    expect(await apiStatus(invitee, 'GET', `/api/spaces/${spaceId}/glossary_terms`)).toBe(404);
    await invitee.goto(`/spaces/${spaceId}/languages`);
    await expect(invitee.getByRole('heading', { name: 'Space not found' })).toBeVisible();
    await expect(invitee.getByText('Please check you have right to access this space')).toBeVisible();

    expect(problems).toEqual([]);
    expect(inviteeProblems).toEqual([]);
    await invitee.context().close();
  });

  test('a known address declines its invitation; long invitation lists page; an invitation is revoked', async ({
    page,
    browser,
    baseURL,
    services,
  }) => {
    test.setTimeout(180_000);
    const invited = await personPage(browser, baseURL);
    const invitedEmail = uniqueEmail('known');
    await signUpAndConfirm(invited, invitedEmail);
    const owner = await ownerWithSpace(page, services, 'members-decline');
    const problems = collectProblems(page);

    await page.goto(`/spaces/${owner.spaceId}/users`);
    await invite(page, invitedEmail);
    await expect(notification(page, 'User invited')).toBeVisible();

    await invited.goto('/');
    const card = invited.getByRole('group', { name: owner.space.name });
    await expect(card.getByRole('button', { name: 'Join' })).toBeVisible();
    await card.getByRole('button', { name: 'Decline' }).click();
    await invited
      .getByRole('dialog', { name: 'Decline the invitation' })
      .getByRole('button', { name: 'Decline' })
      .click();
    await expect(notification(invited, 'Invitation declined')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await apiStatus(invited, 'GET', `/api/spaces/${owner.spaceId}/glossary_terms`)).toBe(404);

    // Eleven pending invitations: more than one page of the list, whose size the admin chooses.
    const pending = Array.from({ length: 11 }, (_, i) => uniqueEmail(`pending${i}`));
    for (const email of pending) {
      await apiCall(page, 'POST', `/api/spaces/${owner.spaceId}/invite_user`, { email, role: 'viewer' });
    }
    await page.reload();
    await expect(tab(page, 'Invited')).toContainText('11');
    await tab(page, 'Invited').click();
    const invitedTable = page.getByRole('table', { name: 'Invited members' });
    await expect(invitedTable.getByRole('row')).toHaveCount(11);
    await expect(page.getByText('Rows per page')).toBeVisible();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(invitedTable.getByRole('row')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(invitedTable.getByRole('row')).toHaveCount(12);

    const revoke = await rowAction(page, pending[0]!, 'Revoke invitation');
    await revoke.getByRole('button', { name: 'Revoke invitation' }).click();
    await expect(notification(page, 'User removed')).toBeVisible();
    await expect(tab(page, 'Invited')).toContainText('10');
    await expect(memberRow(page, pending[0]!)).toHaveCount(0);

    expect(problems).toEqual([]);
    await invited.context().close();
  });

  test('requests to join: one is rejected, one approved with a role, which the owner then changes', async ({
    page,
    browser,
    baseURL,
    services,
  }) => {
    test.setTimeout(180_000);
    const owner = await ownerWithSpace(page, services, 'members-requests');
    const problems = collectProblems(page);
    const rejected = await personPage(browser, baseURL);
    const approved = await personPage(browser, baseURL);
    const rejectedEmail = uniqueEmail('rejected');
    const approvedEmail = uniqueEmail('approved');
    for (const [person, email] of [
      [rejected, rejectedEmail],
      [approved, approvedEmail],
    ] as const) {
      await signUpAndConfirm(person, email);
      // Adding a space someone already connected asks its admins to let you in.
      const asked = await apiCall<{ status: string }>(person, 'POST', '/api/spaces/create', {
        space_id: owner.space.spaceId,
        personal_access_token: owner.space.pat,
      });
      expect(asked.status).toBe('requesting');
    }

    await page.goto(`/spaces/${owner.spaceId}/users`);
    await expect(tab(page, 'Requesting access')).toContainText('2');
    await tab(page, 'Requesting access').click();
    await expect(memberRow(page, rejectedEmail)).toBeVisible();
    await saveScreenshot(page, 'members-requesting');

    const reject = await rowAction(page, rejectedEmail, 'Reject request');
    await reject.getByRole('button', { name: 'Reject request' }).click();
    await expect(notification(page, 'User removed')).toBeVisible();
    await expect(memberRow(page, rejectedEmail)).toHaveCount(0);

    const approve = await rowAction(page, approvedEmail, 'Approve request');
    await expect(approve.getByRole('combobox', { name: 'Role' })).toHaveValue('Translator');
    await approve.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^Editor/ }).click();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(notification(page, 'Request approved')).toBeVisible();
    await expect(tab(page, 'Requesting access')).toContainText('0');
    await expect(tab(page, 'Joined')).toContainText('2');
    await tab(page, 'Joined').click();
    await expect(memberRow(page, approvedEmail)).toContainText('Editor');

    const change = await rowAction(page, approvedEmail, 'Change role');
    await change.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^Viewer/ }).click();
    await change.getByRole('button', { name: 'Save role' }).click();
    await expect(notification(page, 'Role changed')).toBeVisible();
    await expect(memberRow(page, approvedEmail)).toContainText('Viewer');

    expect(await apiStatus(approved, 'GET', `/api/spaces/${owner.spaceId}/glossary_terms`)).toBe(200);
    expect(await apiStatus(rejected, 'GET', `/api/spaces/${owner.spaceId}/glossary_terms`)).toBe(404);
    expect(problems).toEqual([]);
    await rejected.context().close();
    await approved.context().close();
  });
});
