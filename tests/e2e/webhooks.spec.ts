import { createHmac } from 'node:crypto';
import { startHookReceiver } from '#tests/support/hook-receiver.ts';
import { collectProblems, failedResource } from './browser-problems.ts';
import { saveScreenshot } from './screenshots.ts';
import { expect, test } from './server.ts';
import { ownerWithSpace } from './spaces.ts';

test.describe('webhooks', () => {
  test('an admin adds a webhook, copies its secret, sends a test event and sees it delivered', async ({
    page,
    services,
  }) => {
    test.setTimeout(120_000);
    const receiver = await startHookReceiver();
    try {
      const expected: RegExp[] = [];
      const problems = collectProblems(page, expected);
      const { spaceId } = await ownerWithSpace(page, services, 'hooks');
      await page.goto(`/spaces/${spaceId}/settings`);
      const card = page
        .locator('.mantine-Card-root')
        .filter({ has: page.getByRole('heading', { name: 'Webhooks', exact: true }) });
      await expect(card.getByText('No webhooks yet.')).toBeVisible();

      // An address the server may not post to is refused with the reason; what was typed stays.
      expected.push(failedResource(400));
      await card.getByRole('textbox', { name: 'Webhook URL' }).fill('ftp://example.com/hooks');
      await card.getByRole('button', { name: 'Add webhook' }).click();
      await expect(page.getByText('The webhook was not added')).toBeVisible();
      await expect(page.getByText('The address must start with https://', { exact: false })).toBeVisible();
      await expect(card.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue('ftp://example.com/hooks');

      await card.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url);
      await card.getByRole('checkbox', { name: 'An AI run ended' }).uncheck();
      await card.getByRole('button', { name: 'Add webhook' }).click();
      const hook = card.getByRole('region', { name: `Webhook ${receiver.url}` });
      await expect(hook).toBeVisible();
      await expect(hook.getByText('No events sent yet')).toBeVisible();
      await expect(hook.getByText('sync.finished')).toBeVisible();
      await expect(hook.getByText('ai_run.finished')).toHaveCount(0);
      await expect(card.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue('');
      const secret = await hook.getByLabel('Signing secret').inputValue();
      expect(secret).toMatch(/^pbwh_/);

      await hook.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByText('Test event queued')).toBeVisible();
      const deliveries = hook.getByRole('table', { name: 'Recent deliveries' });
      await expect(deliveries.getByRole('row').nth(1)).toContainText('ping');
      await expect(deliveries.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
      await expect(deliveries.getByRole('row').nth(1)).toContainText('200');
      const ping = await receiver.next('ping');
      expect(ping.headers['polyblok-signature']).toContain(
        `v1=${createHmac('sha256', secret).update(ping.raw).digest('hex')}`,
      );
      // The hook's own status follows without a reload.
      await expect(hook.getByText(/^Last event/)).toBeVisible();
      await expect(hook.getByText('Delivered').first()).toBeVisible();
      await expect(hook.getByText('Sending')).toHaveCount(0);
      await saveScreenshot(page, 'settings-webhooks');

      await hook.getByRole('switch', { name: 'Active' }).click();
      await expect(hook.getByRole('switch', { name: 'Active' })).not.toBeChecked();
      await page.reload();
      await expect(hook.getByRole('switch', { name: 'Active' })).not.toBeChecked();
      await expect(hook.getByText(/^Last event/)).toBeVisible();

      await hook.getByRole('button', { name: 'Delete webhook' }).click();
      await page
        .getByRole('dialog', { name: 'Delete webhook' })
        .getByRole('button', { name: 'Delete webhook' })
        .click();
      await expect(card.getByText('No webhooks yet.')).toBeVisible();
      expect(problems).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
