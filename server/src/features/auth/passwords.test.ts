import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors.ts';
import { assertStrongPassword, createPasswordHasher, passwordProblems } from './passwords.ts';

describe('password rules', () => {
  it('counts characters, not UTF-16 units, from 8 to 128', () => {
    expect(passwordProblems('😀😀😀😀😀😀😀')).toEqual([expect.objectContaining({ reason: 'length' })]);
    expect(passwordProblems('😀😀😀😀😀😀😀😀')).toEqual([]);
    expect(passwordProblems('a'.repeat(128))).toEqual([]);
    expect(passwordProblems('a'.repeat(129))).toEqual([expect.objectContaining({ reason: 'length' })]);
  });

  it('refuses the common-password list whatever the case, with no composition rules', () => {
    expect(passwordProblems('Iloveyou1').map((problem) => problem.reason)).toEqual(['pwned']);
    expect(passwordProblems('alllowercaseletters')).toEqual([]);
    const error = (() => {
      try {
        assertStrongPassword('123456');
      } catch (caught) {
        return caught;
      }
    })() as AppError;
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length', 'pwned'] });
  });
});

describe('argon2id hashing', () => {
  const hasher = createPasswordHasher();

  it('hashes with the OWASP parameters and verifies NFC and NFD spellings alike', async () => {
    const hash = await hasher.hash('crème brûlée ahead');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(hasher.needsRehash(hash)).toBe(false);
    expect(await hasher.verify(hash, 'crème brûlée ahead'.normalize('NFD'))).toBe(true);
    expect(await hasher.verify(hash, 'Crème brûlée ahead')).toBe(false);
    expect(await hasher.verify(hash, 'crème brûlée ahead ')).toBe(false);
  });

  it('spends a verify on a missing hash and says no', async () => {
    expect(await hasher.verify(null, 'anything at all')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'anything at all')).toBe(false);
  });
});
