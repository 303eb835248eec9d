import { describe, expect, it, vi } from 'vitest';
import {
  PENDING_VERIFIER_KEY,
  signInWithStoryblok,
  SignInError,
  type SignInPopup,
  type SignInWindow,
} from './panel-sign-in.ts';

const origin = 'https://polyblok.example.com';
const space = { id: 3, name: 'Marketing', storyblok_space_id: 200001 };

/** A window whose timers run when the test says so, and whose message listeners the test can call. */
function fakeWindow(popup: SignInPopup | null) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const timers: Array<() => void> = [];
  const opened: string[] = [];
  const assigned: string[] = [];
  const window: SignInWindow = {
    location: { origin, assign: (url) => void assigned.push(url) },
    open: (url) => {
      opened.push(url);
      return popup;
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    setInterval: (handler) => timers.push(handler),
    clearInterval: () => undefined,
    setTimeout: (handler) => {
      handler();
      return 0;
    },
  };
  const deliver = (data: unknown, from: { origin: string; source: unknown }) =>
    listeners.forEach((listener) => listener({ data, ...from } as MessageEvent));
  return { window, listeners, opened, assigned, deliver, tick: () => timers.forEach((run) => run()) };
}

/**
 * Waits until the sign-in pointed the popup at the install (after hashing the verifier, which takes as long as
 * WebCrypto takes); it listens for the popup's answer from that moment on.
 */
const popupStarted = (popup: SignInPopup) =>
  vi.waitFor(() => {
    if (!popup.location.href) throw new Error('the popup has no address yet');
  });

describe('signing in with Storyblok', () => {
  it('walks the install in a popup and trades the code it posts back with the verifier', async () => {
    const popup: SignInPopup = { closed: false, location: { href: '' }, close: () => undefined };
    const host = fakeWindow(popup);
    const trades: Array<{ code: string; verifier: string }> = [];
    const signedIn = signInWithStoryblok({
      window: host.window,
      storage: { setItem: () => undefined },
      exchange: async (code, verifier) => {
        trades.push({ code, verifier });
        return space;
      },
    });
    await popupStarted(popup);
    expect(host.opened).toEqual(['']);
    const challenge = new URL(popup.location.href).searchParams.get('challenge');
    expect(popup.location.href).toMatch(
      /^https:\/\/polyblok\.example\.com\/api\/connect\/storyblok\?challenge=[A-Za-z0-9_-]{43}$/,
    );

    // Only the popup itself, at Polyblok's origin, with the exact shape, is heard.
    host.deliver({ type: 'polyblok-connect', code: 'stolen' }, { origin: 'https://evil.example', source: popup });
    host.deliver({ type: 'polyblok-connect', code: 'stolen' }, { origin, source: {} });
    host.deliver({ type: 'polyblok-connect', code: 42 }, { origin, source: popup });
    host.deliver({ type: 'polyblok-connect', code: 'the-code' }, { origin, source: popup });

    expect(await signedIn).toEqual(space);
    expect(trades).toHaveLength(1);
    expect(trades[0]!.code).toBe('the-code');
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(trades[0]!.verifier));
    expect(Buffer.from(digest).toString('base64url')).toBe(challenge);
    expect(host.listeners.size).toBe(0);
  });

  it('reports the reason the install gave, and a popup closed before the end', async () => {
    const popup: SignInPopup = { closed: false, location: { href: '' }, close: () => undefined };
    const refused = fakeWindow(popup);
    const first = signInWithStoryblok({
      window: refused.window,
      storage: { setItem: () => undefined },
      exchange: async () => space,
    });
    await popupStarted(popup);
    refused.deliver({ type: 'polyblok-connect', error: 'no_email' }, { origin, source: popup });
    await expect(first).rejects.toEqual(new SignInError('no_email'));

    const closing: SignInPopup = { closed: false, location: { href: '' }, close: () => undefined };
    const closed = fakeWindow(closing);
    const second = signInWithStoryblok({
      window: closed.window,
      storage: { setItem: () => undefined },
      exchange: async () => space,
    });
    await popupStarted(closing);
    closed.tick();
    closing.closed = true;
    closed.tick();
    await expect(second).rejects.toMatchObject({ reason: 'popup_closed' });
  });

  it('runs the install in its own frame when popups are blocked, keeping the verifier for the way back', async () => {
    const host = fakeWindow(null);
    const stored = new Map<string, string>();
    const result = await signInWithStoryblok({
      window: host.window,
      storage: { setItem: (key, value) => void stored.set(key, value) },
      exchange: async () => space,
    });
    expect(result).toBe('navigating');
    expect(stored.get(PENDING_VERIFIER_KEY)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(host.assigned).toEqual([
      expect.stringMatching(/^https:\/\/polyblok\.example\.com\/api\/connect\/storyblok\?challenge=/),
    ]);
  });
});
