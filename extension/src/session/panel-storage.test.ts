import { describe, expect, it } from 'vitest';
import { panelStorage } from './panel-storage.ts';

function blockedStorage(): Storage {
  const refuse = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse, clear: refuse, key: refuse, length: 0 };
}

describe('the panel storage', () => {
  it('keeps values in memory when the browser refuses the iframe storage', async () => {
    const storage = panelStorage({ sessionStorage: blockedStorage() });
    await storage.setItem('a', '1');
    expect(await storage.getItem('a')).toBe('1');
    await storage.removeItem('a');
    expect(await storage.getItem('a')).toBeNull();
  });

  it('uses sessionStorage when it works', async () => {
    const values = new Map<string, string>();
    const session = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    } as Storage;
    const storage = panelStorage({ sessionStorage: session });
    await storage.setItem('polyblok-panel-space', '{"id":1}');
    expect(values.get('polyblok-panel-space')).toBe('{"id":1}');
    expect(values.has('polyblok-panel-probe')).toBe(false);
  });
});
