import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeFakeApiProblems } from './fake-api.ts';

/*
 * jsdom implements no layout and leaves out a few browser APIs Mantine relies on. These shims stand in for the
 * browser; none of them replaces code of ours.
 */

window.matchMedia ??= (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});

class NoLayoutResizeObserver implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoLayoutResizeObserver;

if (!('fonts' in document)) {
  // Mantine's growing text areas measure again once web fonts load.
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
}

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.scrollTo ??= function scrollTo() {};

// Every box measures 0 × 0 without layout, so a virtualized list would show no row: give boxes the window's size.
Object.defineProperties(HTMLElement.prototype, {
  clientHeight: { configurable: true, get: () => window.innerHeight },
  clientWidth: { configurable: true, get: () => window.innerWidth },
});

afterEach(() => {
  cleanup();
  notifications.clean();
  window.localStorage.clear();
  const problems = takeFakeApiProblems();
  if (problems.length > 0) throw new Error(`The fake API was asked what it cannot answer:\n${problems.join('\n')}`);
});
