import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';

export function screenshotPath(name: string): string {
  return fileURLToPath(new URL(`./artifacts/screenshots/${name}.png`, import.meta.url));
}

/** A 1440x900 capture of the viewport, once fonts and transitions have settled. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: screenshotPath(name), animations: 'disabled' });
}
