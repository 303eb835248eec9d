import { expect, type Page } from '@playwright/test';

/** How many e-mails the development outbox (`/dev/mail`, outside production) holds for an address. */
export async function countMail(page: Page, to: string): Promise<number> {
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  return page.locator('tbody tr').count();
}

/**
 * Waits for the outbox to hold more than `seenBefore` e-mails for the address (sending is a background job)
 * and opens the newest one, as a person would.
 */
export async function openNewestMail(page: Page, to: string, seenBefore: number): Promise<void> {
  await expect
    .poll(() => countMail(page, to), { timeout: 20_000, message: `an e-mail to ${to}` })
    .toBeGreaterThan(seenBefore);
  // Newest first.
  await page.locator('tbody tr').first().getByRole('link').click();
}

/** Opens the newest e-mail (as openNewestMail does) and clicks its link to the auth service. */
export async function followNewestMailLink(page: Page, to: string, seenBefore: number): Promise<void> {
  await openNewestMail(page, to, seenBefore);
  await page.locator(VERIFY_LINK).first().click();
}

const VERIFY_LINK = 'section.message a[href*="/auth/v1/verify"]';

/** The auth link of the newest e-mail to the address, without following it (to use it twice). */
export async function newestMailLink(page: Page, to: string): Promise<string> {
  await expect.poll(() => countMail(page, to), { timeout: 20_000, message: `an e-mail to ${to}` }).toBeGreaterThan(0);
  await page.locator('tbody tr').first().getByRole('link').click();
  const href = await page.locator(VERIFY_LINK).first().getAttribute('href');
  if (!href) throw new Error(`the newest e-mail to ${to} has no auth link`);
  return href;
}
