import type { SupportedStorage } from '@supabase/auth-js';

/**
 * Where the panel keeps its session and its space: sessionStorage (per tab, and partitioned under the Visual
 * Editor's site, so a reload of the editor keeps the panel signed in), or memory when the browser refuses the
 * iframe any storage. Never cookies: a browser blocking third-party cookies would sign the panel out.
 */
export function panelStorage(scope: { sessionStorage?: Storage } = globalThis): SupportedStorage {
  const memory = new Map<string, string>();
  let store: Storage | null = null;
  try {
    store = scope.sessionStorage ?? null;
    // Some browsers expose the object but throw on use when storage is blocked.
    store?.setItem('polyblok-panel-probe', '1');
    store?.removeItem('polyblok-panel-probe');
  } catch {
    store = null;
  }
  return {
    getItem: (key) => (store ? store.getItem(key) : (memory.get(key) ?? null)),
    setItem: (key, value) => {
      if (store) store.setItem(key, value);
      else memory.set(key, value);
    },
    removeItem: (key) => {
      if (store) store.removeItem(key);
      else memory.delete(key);
    },
  };
}
