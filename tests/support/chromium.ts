/** Debian's chromium package, unless CHROMIUM_PATH names another Chromium or Chrome. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How the tests and benchmarks start Chromium: as root in a sandbox of ours, and never reaching the internet. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
