import { collectProblems, failedResource } from './browser-problems.ts';
import { fillSignup, logIn, PASSWORD, signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { countMail, newestMailLink, openNewestMail } from './outbox.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';

test.describe('auth screens', () => {
  test('log-in screen: texts, fields not required, links, two columns', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/login');
    await expect(page).toHaveTitle('Log in | Polyblok');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText('Sign in to your account below.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).not.toHaveAttribute('required');
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).not.toHaveAttribute('required');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('placeholder', /@/);
    await expect(page.getByRole('link', { name: 'Forgot or set password?' })).toHaveAttribute('href', '/set-password');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: /Back to home/ })).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.getByText('Need help?')).toBeVisible();
    const formWidth = await page.locator('form').evaluate((form) => form.getBoundingClientRect().width);
    expect(formWidth).toBeLessThanOrEqual(400);
    await saveScreenshot(page, 'login');

    // Narrow screens drop the brand column.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText('Need help?')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('an unauthenticated visit to a protected route lands on /login', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/support');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(problems).toEqual([]);
  });

  test('a wrong password shows the red alert and keeps what was typed', async ({ page }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('wrong');
    await signUpAndConfirm(page, email);
    await page.evaluate(() => window.localStorage.clear());
    const problems = collectProblems(page, [failedResource(400)]);

    await logIn(page, email, 'not-the-password');
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Could not log in');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('not-the-password');
    await expect(page).toHaveURL(/\/login$/);
    await saveScreenshot(page, 'login-error');
    expect(problems).toEqual([]);
  });

  test('an empty log-in form is refused with the specification’s message, asking nothing of the server', async ({
    page,
  }) => {
    const problems = collectProblems(page);
    const tokenRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/token')) tokenRequests.push(request.url());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not log in');
    await expect(alert).toContainText('You must provide either an email or phone number and a password');
    expect(tokenRequests).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('sign-up checks the password pair before asking the service', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/signup');
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(page.getByText('Already have an account?')).toBeVisible();
    for (const label of ['Email', 'Password', 'Confirm Password']) {
      await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveAttribute('required');
    }
    await fillSignup(page, uniqueEmail('rules'), 'short', 'shorter');
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await fillSignup(page, uniqueEmail('rules'), PASSWORD, `${PASSWORD}!`);
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeHidden();
    await saveScreenshot(page, 'signup-validation');
    expect(problems).toEqual([]);
  });

  test('signing up with an address that already has an account looks like any sign-up, and the e-mail says how to set the password', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('invited');
    await signUpAndConfirm(page, email);
    await page.evaluate(() => window.localStorage.clear());
    const problems = collectProblems(page);
    const mailsBefore = await countMail(page, email);

    await page.goto('/signup');
    await fillSignup(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Verification email sent' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(
      page.getByText('Account created! Please check your email to confirm your registration.'),
    ).toBeVisible();
    await expect(
      page.getByText(
        'If this address already has an account (for example after an invitation), the e-mail says how to set your password instead.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    await saveScreenshot(page, 'signup-existing-address');

    await openNewestMail(page, email, mailsBefore);
    await expect(page.locator('section.message').getByText(/Someone, maybe you, just tried to sign up/)).toBeVisible();
    await page.getByRole('link', { name: 'Set my password' }).click();
    await expect(page).toHaveURL(/\/set-password$/);
    await expect(page.getByRole('heading', { name: 'Set Password' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a weak password lists the reasons the service gave', async ({ page }) => {
    const problems = collectProblems(page, [failedResource(400), failedResource(422)]);
    await page.goto('/signup');
    await fillSignup(page, uniqueEmail('weak'), 'password', 'password');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Password too weak');
    await expect(alert.locator('li').first()).toBeVisible();
    await saveScreenshot(page, 'signup-weak-password');
    expect(problems).toEqual([]);
  });

  test('a signed-in visitor to /login goes on to the shell', async ({ page }) => {
    test.setTimeout(60_000);
    const problems = collectProblems(page);
    await signUpAndConfirm(page, uniqueEmail('back'));
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Open your profile' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a confirmation link opened a second time says why on the log-in screen', async ({ page }) => {
    test.setTimeout(60_000);
    const problems = collectProblems(page);
    const email = uniqueEmail('twice');
    await page.goto('/signup');
    await fillSignup(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Verification email sent' })).toBeVisible();
    const link = await newestMailLink(page, email);

    await page.goto(link);
    await expect(page.getByRole('button', { name: 'Open your profile' })).toBeVisible();
    await page.evaluate(() => window.localStorage.clear());

    await page.goto(link);
    await expect(page).toHaveURL(/\/login/);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This link cannot be used');
    await saveScreenshot(page, 'login-used-link');
    expect(problems).toEqual([]);
  });
});
