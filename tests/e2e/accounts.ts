import { expect, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { followNewestMailLink } from './outbox.ts';

let counter = 0;

/** A fresh address per test: the server of a worker is shared by its tests. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = 'Quiet-harbour-7-lanterns';

export async function fillSignup(page: Page, email: string, password: string, confirmation = password) {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(confirmation);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Signs up through the screens and confirms through the e-mailed link; ends signed in on the shell. */
export async function signUpAndConfirm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/signup');
  await fillSignup(page, email, password);
  await expect(page.getByRole('heading', { name: 'Verification email sent' })).toBeVisible();
  await followNewestMailLink(page, email, 0);
  await expect(page.getByRole('button', { name: 'Open your profile' })).toBeVisible();
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open your profile' }).click();
  await page.getByRole('dialog', { name: 'User Profile' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * A TOTP code for the secret that differs from every code already used: the server may accept
 * each 30-second step only once per factor, so this waits for the next step when needed.
 */
export async function freshTotpCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = generateSync({ secret });
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
