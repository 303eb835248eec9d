import { collectProblems } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { ownerWithSpace } from './spaces.ts';

test.describe('billing', () => {
  test('the owner subscribes on the checkout page, sees the plan, and cancels it in the billing portal', async ({
    page,
    services,
  }) => {
    test.setTimeout(90_000);
    const problems = collectProblems(page);
    const { spaceId } = await ownerWithSpace(page, services, 'subscriber');
    await page.goto(`/spaces/${spaceId}/settings`);
    const card = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Subscription' }) });
    await expect(card.getByText('No subscription', { exact: true })).toBeVisible();
    await expect(card.getByTestId('ai-usage')).toHaveText('0 of 1,000 words');

    await card.getByRole('button', { name: 'Subscribe to the Entry Plan' }).click();
    await expect(page).toHaveURL(new RegExp(`^${services.stripe.url}/checkout/cs_test_`));
    await expect(page.getByText('$49.00 / month')).toBeVisible();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await expect(page).toHaveURL(new RegExp(`/spaces/${spaceId}/settings\\?checkout=success$`));
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    const renewal = new Date();
    renewal.setUTCMonth(renewal.getUTCMonth() + 1);
    const year = String(renewal.getUTCFullYear());
    await expect(card.getByTestId('plan-date')).toHaveText(new RegExp(`^Next billing date: .*${year}$`));
    await expect(card.getByTestId('no-subscription')).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'settings-subscription-active');

    await card.getByRole('link', { name: 'Manage subscription' }).click();
    await expect(page).toHaveURL(new RegExp(`^${services.stripe.url}/portal/bps_`));
    await page.getByRole('button', { name: 'Cancel plan' }).click();

    await expect(page).toHaveURL(new RegExp(`/spaces/${spaceId}/settings$`));
    await expect(card.getByText('No subscription', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Subscribe to the Entry Plan' })).toBeVisible();
    await expect(card.getByTestId('plan-date')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
