import { collectProblems, failedResource } from './browser-problems.ts';
import { logIn, PASSWORD, signUpAndConfirm, uniqueEmail } from './accounts.ts';
import { countMail, followNewestMailLink } from './outbox.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';

const NEW_PASSWORD = 'Amber-orchard-41-kites';

test.describe('set and reset password', () => {
  test('set-password sends a link; the link resets the password and returns to log-in after 3 s', async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('reset');
    await signUpAndConfirm(page, email);
    await page.evaluate(() => window.localStorage.clear());
    const problems = collectProblems(page);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot or set password?' }).click();
    await expect(page).toHaveURL(/\/set-password$/);
    await expect(page).toHaveTitle('Set Password | Polyblok');
    await saveScreenshot(page, 'set-password');
    const mailsBefore = await countMail(page, email);
    await page.goto('/set-password');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send password link' }).click();
    await expect(page.getByRole('heading', { name: 'Email sent successfully' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Password reset link sent! Please check your email.')).toBeVisible();
    await expect(page.getByText(/invited/)).toBeVisible();
    await expect(page.getByText(/spam/)).toBeVisible();
    await saveScreenshot(page, 'set-password-sent');

    await followNewestMailLink(page, email, mailsBefore);
    await expect(page).toHaveURL(/\/reset-password/);
    await expect(page).toHaveTitle('Reset Password | Polyblok');
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
    await saveScreenshot(page, 'reset-password');

    // The form's own rules first: no request leaves for these.
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('short');
    await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill('different');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
    await expect(page.getByText('Password changed successfully')).toBeVisible();
    await expect(page.getByText(/Password reset successfully!/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
    const shownAt = Date.now();
    await saveScreenshot(page, 'reset-password-complete');

    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_000);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

    // The old password is gone, the new one works.
    const refused = collectProblems(page, [failedResource(400)]);
    await logIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toBeVisible();
    await logIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Open your profile' })).toBeVisible();
    expect(refused).toEqual([]);
    expect(problems.filter((problem) => !failedResource(400).test(problem))).toEqual([]);
  });

  test('a reset link without a session says it is invalid or expired', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/reset-password');
    await expect(page.getByText('Invalid or expired reset link. Please request a new one.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/set-password');
    await saveScreenshot(page, 'reset-password-invalid');
    expect(problems).toEqual([]);
  });

  test('set-password shows the service error in a red alert titled Error', async ({ page }) => {
    const problems = collectProblems(page, [failedResource(400), failedResource(422)]);
    await page.goto('/set-password');
    // Not an address: the browser's own check is skipped so the service's answer is what shows.
    await page.locator('form').evaluate((form) => form.setAttribute('novalidate', ''));
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Send password link' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Error');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('not-an-address');
    expect(problems).toEqual([]);
  });
});
