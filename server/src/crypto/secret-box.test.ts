import { describe, expect, it } from 'vitest';
import { createSecretBox, generateKeyEntry, parseKeyRing, SecretBoxError } from './secret-box.ts';

const keyA = generateKeyEntry('a');
const keyB = generateKeyEntry('b');

describe('secret box', () => {
  it('round-trips text, with a fresh IV each time', () => {
    const box = createSecretBox(parseKeyRing(keyA));
    const first = box.seal('sb-token ünïcødé ✓');
    const second = box.seal('sb-token ünïcødé ✓');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^a:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(box.open(first)).toBe('sb-token ünïcødé ✓');
    expect(box.open(box.seal(''))).toBe('');
  });

  it('detects any change to the IV, the tag or the data', () => {
    const box = createSecretBox(parseKeyRing(keyA));
    const sealed = box.seal('personal access token');
    const parts = sealed.split(':');
    for (const index of [1, 2, 3]) {
      const altered = [...parts];
      const bytes = Buffer.from(altered[index]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      altered[index] = bytes.toString('base64url');
      expect(() => box.open(altered.join(':'))).toThrow(SecretBoxError);
    }
    expect(() => box.open('a:b:c')).toThrow(SecretBoxError);
    expect(() => box.open('')).toThrow(SecretBoxError);
  });

  it('binds the context: a value moved to another row does not open', () => {
    const box = createSecretBox(parseKeyRing(keyA));
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'mfa_factor:1');
    expect(box.open(sealed, 'mfa_factor:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'mfa_factor:2')).toThrow(SecretBoxError);
    expect(() => box.open(sealed)).toThrow(SecretBoxError);
  });

  it('rotates: the new first key seals, the old key still opens, a removed key is named', () => {
    const before = createSecretBox(parseKeyRing(keyA));
    const old = before.seal('old secret');
    const after = createSecretBox(parseKeyRing(`${keyB},${keyA}`));
    expect(after.open(old)).toBe('old secret');
    expect(after.isStale(old)).toBe(true);
    const fresh = after.seal('new secret');
    expect(fresh.startsWith('b:')).toBe(true);
    expect(after.isStale(fresh)).toBe(false);
    expect(() => before.open(fresh)).toThrow(/key "b", which is not in ENCRYPTION_KEYS/);
  });

  it('refuses a key ring it cannot use, without echoing key material', () => {
    expect(() => parseKeyRing('')).toThrow(/at least one key/);
    expect(() => parseKeyRing('v1:c2hvcnQ=')).toThrow(/must be 32 bytes/);
    expect(() => parseKeyRing('no-id-here')).toThrow(/key id/);
    expect(() => parseKeyRing(`${keyA},${keyA}`)).toThrow(/appears twice/);
    expect(() => parseKeyRing('v1:!!!!')).toThrow(/must be 32 bytes/);
    const urlSafe = `v2:${Buffer.alloc(32, 0xfb).toString('base64url')}`;
    expect(parseKeyRing(urlSafe).current.key).toEqual(Buffer.alloc(32, 0xfb));
  });
});
