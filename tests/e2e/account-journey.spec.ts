import { failedResource, collectProblems } from './browser-problems.ts';
import { freshTotpCode, logIn, logOut, PASSWORD, signUpAndConfirm, uniqueEmail, fillSignup } from './accounts.ts';
import { followNewestMailLink } from './outbox.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';

test.describe('account journey', () => {
  test('sign up, confirm by e-mail, open the profile, turn on TOTP, log in with a code, log out', async ({ page }) => {
    test.setTimeout(120_000);
    // A wrong code is refused on purpose below; the browser logs that answer, and nothing else may be logged.
    const expected: RegExp[] = [];
    const problems = collectProblems(page, expected);
    const email = uniqueEmail('journey');

    await page.goto('/signup');
    await expect(page).toHaveTitle('Create Account | Polyblok');
    // This server sends no e-mail: the screen says where the confirmation link will be.
    await expect(page.getByRole('link', { name: 'outbox at /dev/mail' })).toHaveAttribute('href', '/dev/mail');
    await saveScreenshot(page, 'signup');
    await fillSignup(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Verification email sent' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(
      page.getByText('Account created! Please check your email to confirm your registration.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'outbox at /dev/mail' })).toBeVisible();
    await saveScreenshot(page, 'signup-verification-sent');

    // The link goes through /auth/v1/verify, which lands on /login with the session in the fragment.
    await followNewestMailLink(page, email, 0);
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Spaces | Polyblok');
    await expect(page.getByRole('heading', { name: /Welcome to Polyblok/ })).toBeVisible();
    await expect(page.getByText('Create a space')).toBeVisible();
    await expect(page.getByText('Join by invitation')).toBeVisible();
    await saveScreenshot(page, 'shell-welcome');

    const profileCard = page.getByRole('button', { name: 'Open your profile' });
    await expect(profileCard).toContainText(email);
    await profileCard.click();
    const dialog = page.getByRole('dialog', { name: 'User Profile' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(email)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(dialog.getByText('No display name')).toBeVisible();

    // A display name: the profile, the profile card and the welcome use it from then on.
    await dialog.getByRole('textbox', { name: 'Display name' }).fill('Ana Lima');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Display name saved')).toBeVisible();
    await expect(dialog.getByText('Ana Lima', { exact: true })).toBeVisible();
    await saveScreenshot(page, 'profile-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(profileCard).toContainText('Ana Lima');
    await expect(page.getByRole('heading', { name: 'Welcome to Polyblok, Ana Lima' })).toBeVisible();
    await profileCard.click();
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await dialog.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await saveScreenshot(page, 'profile-totp-enrolment');
    const usedCodes = new Set<string>();
    await dialog
      .getByRole('textbox', { name: 'Authentication code', exact: true })
      .fill(await freshTotpCode(secret, usedCodes));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog.getByText('Remove authenticator')).toBeVisible();
    await expect(page.getByText('Two-factor authentication is on')).toBeVisible();

    await page.keyboard.press('Escape');
    await logOut(page);
    await expect(page).toHaveTitle('Log in | Polyblok');

    // Password first, then the code step; a wrong code is refused without leaving the step.
    await logIn(page, email);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await saveScreenshot(page, 'login-code-step');
    expected.push(failedResource(400), failedResource(422));
    await page.getByRole('textbox', { name: 'Authentication code', exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expected.length = 0;
    await page
      .getByRole('textbox', { name: 'Authentication code', exact: true })
      .fill(await freshTotpCode(secret, usedCodes));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Open your profile' })).toBeVisible();

    // Removing the factor needs this aal2 session; afterwards log-in asks for the password only.
    await page.getByRole('button', { name: 'Open your profile' }).click();
    const profile = page.getByRole('dialog', { name: 'User Profile' });
    await profile.getByRole('button', { name: 'Remove authenticator' }).click();
    await expect(profile.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(page.getByText('Two-factor authentication is off')).toBeVisible();
    await page.keyboard.press('Escape');
    await logOut(page);
    await logIn(page, email);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Open your profile' })).toBeVisible();

    await logOut(page);
    // Logout cleared local storage: nothing of the session is left for the next person.
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(problems).toEqual([]);
  });

  test('an aal1 session of a user with a factor is sent to the code step, not the shell', async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('aal1');
    await signUpAndConfirm(page, email);
    await page.getByRole('button', { name: 'Open your profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Profile' });
    await dialog.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await dialog.getByTestId('totp-secret').textContent())?.trim() ?? '';
    await dialog
      .getByRole('textbox', { name: 'Authentication code', exact: true })
      .fill(await freshTotpCode(secret, new Set()));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog.getByText('Remove authenticator')).toBeVisible();
    await page.keyboard.press('Escape');
    await logOut(page);

    const problems = collectProblems(page);
    await logIn(page, email);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    // Typing a protected address does not get past the code step.
    await page.goto('/support');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await page.getByRole('button', { name: 'Use another account' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the support page is reachable from the sidebar', async ({ page }) => {
    test.setTimeout(60_000);
    const problems = collectProblems(page);
    await signUpAndConfirm(page, uniqueEmail('support'));
    await page.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveTitle('Support | Polyblok');
    await expect(page.getByRole('link', { name: 'Email the team' })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('link', { name: 'Support', exact: true })).toHaveAttribute('aria-current', 'page');
    await saveScreenshot(page, 'support');
    expect(problems).toEqual([]);
  });
});
