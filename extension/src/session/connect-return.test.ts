import { describe, expect, it } from 'vitest';
import { handleConnectReturn, type ReturnWindow } from './connect-return.ts';
import { PENDING_VERIFIER_KEY } from './panel-sign-in.ts';

const origin = 'https://polyblok.example.com';
const space = { id: 3, name: 'Marketing', storyblok_space_id: 200001 };

function landing(search: string, opener: ReturnWindow['opener']) {
  const replaced: string[] = [];
  let closed = false;
  const window: ReturnWindow = {
    location: { search, origin, pathname: '/extension/' },
    opener,
    history: { replaceState: (_data, _unused, url) => void replaced.push(url) },
    close: () => {
      closed = true;
    },
  };
  return { window, replaced, isClosed: () => closed };
}

function memory(entries: Record<string, string> = {}) {
  const values = new Map(Object.entries(entries));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the end of an install', () => {
  it('hands the code to the panel that opened the popup, at its own origin, and closes', async () => {
    const posted: Array<{ message: unknown; targetOrigin: string }> = [];
    const page = landing('?connect_code=abc', {
      postMessage: (message, targetOrigin) => posted.push({ message, targetOrigin }),
    });
    const result = await handleConnectReturn({ window: page.window, storage: memory(), exchange: async () => space });
    expect(result).toEqual({ kind: 'handed-over' });
    expect(posted).toEqual([{ message: { type: 'polyblok-connect', code: 'abc' }, targetOrigin: origin }]);
    expect(page.isClosed()).toBe(true);
  });

  it('trades the code itself when the install ran in its frame, and clears the address', async () => {
    const storage = memory({ [PENDING_VERIFIER_KEY]: 'v'.repeat(43) });
    const page = landing('?connect_code=abc', null);
    const trades: string[] = [];
    const result = await handleConnectReturn({
      window: page.window,
      storage,
      exchange: async (code, verifier) => {
        trades.push(`${code}:${verifier.length}`);
        return space;
      },
    });
    expect(result).toEqual({ kind: 'signed-in', space });
    expect(trades).toEqual(['abc:43']);
    expect(page.replaced).toEqual(['/extension/']);
    expect(storage.values.has(PENDING_VERIFIER_KEY)).toBe(false);
  });

  it('explains a failed install, a lost verifier, and does nothing on an ordinary start', async () => {
    const failed = await handleConnectReturn({
      window: landing('?connect_error=storyblok_refused', null).window,
      storage: memory(),
      exchange: async () => space,
    });
    expect(failed).toMatchObject({ kind: 'failed', error: { reason: 'storyblok_refused' } });
    const lost = await handleConnectReturn({
      window: landing('?connect_code=abc', null).window,
      storage: memory(),
      exchange: async () => space,
    });
    expect(lost).toMatchObject({ kind: 'failed', error: { reason: 'session_lost' } });
    expect(
      await handleConnectReturn({ window: landing('', null).window, storage: memory(), exchange: async () => space }),
    ).toEqual({
      kind: 'none',
    });
  });
});
