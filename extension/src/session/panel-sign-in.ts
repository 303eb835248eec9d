import type { ConnectErrorCode } from '#contract/connect-errors.ts';
import type { PanelSpace } from '#contract/connect.ts';
import { routeUrl } from '#contract/routes.ts';
import { readConnectMessage, type ConnectMessage } from '../protocol/connect-message.ts';
import { challengeFor, newVerifier } from './pkce.ts';

/** Why signing in did not finish: the install's own reasons, or the person closed the window. */
export type SignInFailure = ConnectErrorCode | 'popup_closed';

export class SignInError extends Error {
  readonly reason: SignInFailure;

  constructor(reason: SignInFailure) {
    super(`Signing in with Storyblok ended: ${reason}`);
    this.name = 'SignInError';
    this.reason = reason;
  }
}

/** Trades the install's one-time code and the verifier for a session, and keeps it. */
export type ExchangeCode = (code: string, verifier: string) => Promise<PanelSpace>;

/** The browser window the panel runs in, as far as signing in needs it. */
export interface SignInWindow {
  location: { origin: string; assign(url: string): void };
  open(url: string, target: string, features: string): SignInPopup | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  setInterval(handler: () => void, ms: number): number;
  clearInterval(id: number): void;
  setTimeout(handler: () => void, ms: number): number;
}

export interface SignInPopup {
  closed: boolean;
  location: { href: string };
  close(): void;
}

/** Where the verifier waits while the sign-in runs in the panel's own frame (no popup allowed). */
export const PENDING_VERIFIER_KEY = 'polyblok-panel-verifier';
const POPUP_NAME = 'polyblok-storyblok-sign-in';
const POPUP_FEATURES = 'popup,width=640,height=760';

/** The Storyblok app install's first step, on this site: it redirects the window to Storyblok. */
export const startUrl = (origin: string, challenge: string) =>
  routeUrl('startStoryblokInstall', { origin, query: { challenge } });

/**
 * Signs in through Storyblok's app install (reference §7: the OAuth flow of a tool plugin runs outside its
 * iframe). A popup walks the flow and posts back the one-time code; the panel trades it with its verifier.
 * The popup is opened before anything is awaited, while the click still allows it; when the browser refuses
 * it anyway, the flow runs in the panel's own frame and comes back to /extension/ with the code.
 */
export async function signInWithStoryblok(deps: {
  window: SignInWindow;
  storage: { setItem(key: string, value: string): void | Promise<void> };
  exchange: ExchangeCode;
}): Promise<PanelSpace | 'navigating'> {
  const popup = deps.window.open('', POPUP_NAME, POPUP_FEATURES);
  const verifier = newVerifier();
  // Absolute: a popup still on about:blank resolves a relative address against nothing useful.
  const url = startUrl(deps.window.location.origin, await challengeFor(verifier));
  if (!popup) {
    await deps.storage.setItem(PENDING_VERIFIER_KEY, verifier);
    deps.window.location.assign(url);
    return 'navigating';
  }
  popup.location.href = url;
  const outcome = await waitForPopup(deps.window, popup);
  if ('error' in outcome) throw new SignInError(outcome.error);
  return deps.exchange(outcome.code, verifier);
}

/** The popup's message (from Polyblok's own origin and that very window), or its closing without one. */
export function waitForPopup(
  host: SignInWindow,
  popup: SignInPopup,
): Promise<ConnectMessage | { type: 'polyblok-connect'; error: 'popup_closed' }> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: ConnectMessage | { type: 'polyblok-connect'; error: 'popup_closed' }) => {
      if (settled) return;
      settled = true;
      host.removeEventListener('message', onMessage);
      host.clearInterval(watch);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== (popup as unknown) || event.origin !== host.location.origin) return;
      const message = readConnectMessage(event.data);
      if (message) finish(message);
    };
    host.addEventListener('message', onMessage);
    const watch = host.setInterval(() => {
      // The popup posts and then closes itself: give its message a moment to arrive before calling it closed.
      if (popup.closed) host.setTimeout(() => finish({ type: 'polyblok-connect', error: 'popup_closed' }), 400);
    }, 400);
  });
}
