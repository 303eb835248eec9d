import type { Page } from '@playwright/test';

/**
 * Uncaught errors and console errors (a CSP violation or a 404 asset is one) both mean a broken
 * screen. `expected` lists the few a test provokes on purpose, such as the browser's own line for a
 * 400 answer to a wrong password; everything else is a failure.
 */
export function collectProblems(page: Page, expected: RegExp[] = []): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // For a failed request Chromium names the resource only in the location.
    if (!expected.some((pattern) => pattern.test(text))) problems.push(`${text} [${message.location().url}]`);
  });
  return problems;
}

/** Chromium's console line for a fetch answered with this status. */
export function failedResource(status: number): RegExp {
  return new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);
}
